import { useHydrated } from '#web/lib/hydrated.ts';
import { stockAlertTexts } from '#shared/messages/index.ts';
import { stockAlertSchema } from '#shared/schemas/stock-alert.ts';
import { useBotCheck } from '#web/lib/bot-check.tsx';
import { publicWrites } from '#web/lib/public-writes.ts';
import { serverFieldErrors } from '#web/lib/form.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';

/**
 * The out-of-stock notice's e-mail form: replaced by the confirmation once stored. For a piece sold
 * in sizes, `variantId` is the size waited for (none chosen yet: the form asks for one).
 */
export function StockAlertForm({ productId, variantId }: { productId: string; variantId?: string }) {
  const hydrated = useHydrated();
  const botCheck = useBotCheck();
  const { formRef, onSubmit, errors, outcome, sending } = useFormSubmit({
    schema: stockAlertSchema,
    fieldOrder: ['email'],
    // Read from the field itself (not kept in state): what the shopper typed into the pre-rendered
    // page before the app ran is there, and hydration leaves an uncontrolled field's text alone.
    readValues: (form) => ({ email: String(new FormData(form).get('email') ?? ''), productId, ...(variantId ? { variantId } : {}) }),
    send: (data) => botCheck.withProof((proof) => publicWrites.requestStockAlert(data, proof)),
    // The server's word on the e-mail is said at the field; any other refusal in the alert.
    serverFields: (error) => {
      const email = serverFieldErrors(error)?.email;
      return email ? { email } : null;
    },
    refusedFieldsAlert: () => undefined,
    failedMessage: stockAlertTexts.failed,
  });
  // The only field here is the e-mail: a message about the piece itself is said there too.
  const fieldError = errors.email ?? (Object.keys(errors).length > 0 ? stockAlertTexts.failed : undefined);

  return (
    <div className="stock-alert">
      <div role="status">
        {outcome.kind === 'sent' && (
          <div className="notice notice--success">
            <p className="stock-alert__sent">{stockAlertTexts.sent}</p>
            <p>{stockAlertTexts.success}</p>
          </div>
        )}
      </div>
      {outcome.kind !== 'sent' && (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="stock-alert__form">
          <TextField
            label="O teu e-mail"
            type="email"
            name="email"
            autoComplete="email"
            defaultValue=""
            error={fieldError}
            hint="Avisamos-te uma única vez, quando a peça voltar."
          />
          <button type="submit" className="button" disabled={!hydrated || sending}>
            {sending ? 'A enviar...' : 'Avisem-me'}
          </button>
          {botCheck.status}
          {outcome.kind === 'failed' && (
            <p role="alert" className="notice notice--error">
              {outcome.message}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
