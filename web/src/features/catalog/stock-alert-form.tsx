import { useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';
import { stockAlertTexts } from '#shared/messages.ts';
import { stockAlertSchema } from '#shared/schemas/stock-alert.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { checkForm, serverFieldErrors } from '../../lib/form.ts';
import { TextField } from '../../ui/field.tsx';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/**
 * The out-of-stock notice's e-mail form: replaced by the confirmation once stored. For a piece sold
 * in sizes, `variantId` is the size waited for (none chosen yet: the form asks for one).
 */
export function StockAlertForm({ productId, variantId }: { productId: string; variantId?: string }) {
  const hydrated = useHydrated();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the field itself (not kept in state): what the shopper typed into the pre-rendered
    // page before the app ran is there, and hydration leaves an uncontrolled field's text alone.
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const checked = checkForm(stockAlertSchema, { email, productId, ...(variantId ? { variantId } : {}) });
    if (!checked.ok) {
      setFieldError(checked.errors.email ?? stockAlertTexts.failed);
      setStatus({ kind: 'idle' });
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    setStatus({ kind: 'sending' });
    try {
      await api.requestStockAlert(checked.data);
      setStatus({ kind: 'sent' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields?.email) {
        setFieldError(fields.email);
        setStatus({ kind: 'idle' });
        input.current?.focus();
      } else setStatus({ kind: 'error', message: errorMessage(error, stockAlertTexts.failed) });
    }
  };

  return (
    <div className="stock-alert">
      <div role="status">
        {status.kind === 'sent' && (
          <div className="notice notice--success">
            <p className="stock-alert__sent">{stockAlertTexts.sent}</p>
            <p>{stockAlertTexts.success}</p>
          </div>
        )}
      </div>
      {status.kind !== 'sent' && (
        <form onSubmit={submit} noValidate className="stock-alert__form">
          <TextField
            ref={input}
            label="O teu e-mail"
            type="email"
            name="email"
            autoComplete="email"
            defaultValue=""
            error={fieldError}
            hint="Avisamos-te uma única vez, quando a peça voltar."
          />
          <button type="submit" className="button" disabled={!hydrated || status.kind === 'sending'}>
            {status.kind === 'sending' ? 'A enviar...' : 'Avisem-me'}
          </button>
          {status.kind === 'error' && (
            <p role="alert" className="notice notice--error">
              {status.message}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
