import { useState } from 'react';
import { useHydrated, useTypedBeforeHydration } from '#web/lib/hydrated.ts';
import { myOrderTexts } from '#shared/messages/index.ts';
import { orderLookupSchema } from '#shared/schemas/order-lookup.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { useBotCheck } from '#web/lib/bot-check.tsx';
import { publicWrites } from '#web/lib/public-writes.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import '#web/ui/checkout.css';

type Values = { orderNumber: string; email: string };
const EMPTY: Values = { orderNumber: '', email: '' };
const FIELD_ORDER = ['orderNumber', 'email'] as const;

/**
 * /encomenda: "A minha encomenda" without the e-mail at hand. The customer gives the order number and
 * the order's e-mail; the link to the order goes to that e-mail (never shown here), and the answer is
 * the same whether or not they match an order.
 */
export function OrderLookupPage() {
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(EMPTY);
  const botCheck = useBotCheck();
  const { formRef, onSubmit, errors, outcome, sending } = useFormSubmit({
    schema: orderLookupSchema,
    fieldOrder: FIELD_ORDER,
    values,
    send: (data) => botCheck.withProof((proof) => publicWrites.lookUpOrder(data, proof)),
    // Too many tries says how long to wait; anything else, a plain retry.
    failedMessage: myOrderTexts.lookupFailed,
  });
  useTypedBeforeHydration(formRef, setValues);
  usePageMeta({ title: myOrderTexts.lookupTitle, description: myOrderTexts.lookupIntro, noindex: true });

  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  return (
    <div className="container page-body order-lookup">
      <h1>{myOrderTexts.lookupTitle}</h1>
      <section className="card" aria-labelledby="order-lookup-title">
        <h2 id="order-lookup-title" className="visually-hidden">
          {myOrderTexts.lookupSubmit}
        </h2>
        <p>{myOrderTexts.lookupIntro}</p>
        <div role="status">{outcome.kind === 'sent' && <p className="notice notice--success">{outcome.result.message}</p>}</div>
        <div role="alert">{outcome.kind === 'failed' && <p className="notice notice--error">{outcome.message}</p>}</div>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="stack">
          <TextField
            label={myOrderTexts.lookupNumber}
            name="orderNumber"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={20}
            value={values.orderNumber}
            onChange={set('orderNumber')}
            error={errors.orderNumber}
          />
          <TextField
            label={myOrderTexts.lookupEmail}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={TEXT_LIMITS.email}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <button type="submit" className="button" disabled={!hydrated || sending}>
            {sending ? myOrderTexts.lookupSending : myOrderTexts.lookupSubmit}
          </button>
          {/* The proof of work's widget lives here: without it no lookup could be sent. */}
          {botCheck.status}
        </form>
      </section>
    </div>
  );
}
