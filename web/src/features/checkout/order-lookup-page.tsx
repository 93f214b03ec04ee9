import { useRef, useState, type FormEvent } from 'react';
import { useHydrated, useTypedBeforeHydration } from '../../lib/hydrated.ts';
import { apiTexts, myOrderTexts } from '#shared/messages.ts';
import { orderLookupSchema } from '#shared/schemas/order-lookup.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { checkForm, serverFieldErrors, type FieldMessages } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { TextField } from '../../ui/field.tsx';
import './checkout.css';

type Values = { orderNumber: string; email: string };
const EMPTY: Values = { orderNumber: '', email: '' };
type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/**
 * /encomenda: "A minha encomenda" without the e-mail at hand. The customer gives the order number and
 * the order's e-mail; the link to the order goes to that e-mail (never shown here), and the answer is
 * the same whether or not they match an order.
 */
export function OrderLookupPage() {
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, setValues);
  usePageMeta({ title: myOrderTexts.lookupTitle, description: myOrderTexts.lookupIntro, noindex: true });

  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const focusFirst = (fields: FieldMessages) => {
    const first = (['orderNumber', 'email'] as const).find((name) => fields[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(orderLookupSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome({ kind: 'idle' });
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    setOutcome({ kind: 'sending' });
    try {
      const answer = await api.lookUpOrder(checked.data);
      setOutcome({ kind: 'sent', message: answer.message });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirst(fields);
      }
      // Too many tries says how long to wait; anything else, a plain retry.
      setOutcome({ kind: 'failed', message: fields ? apiTexts.invalidInput : errorMessage(error, myOrderTexts.lookupFailed) });
    }
  };

  return (
    <div className="container page-body order-lookup">
      <h1>{myOrderTexts.lookupTitle}</h1>
      <section className="card" aria-labelledby="order-lookup-title">
        <h2 id="order-lookup-title" className="visually-hidden">
          {myOrderTexts.lookupSubmit}
        </h2>
        <p>{myOrderTexts.lookupIntro}</p>
        <div role="status">{outcome.kind === 'sent' && <p className="notice notice--success">{outcome.message}</p>}</div>
        <div role="alert">{outcome.kind === 'failed' && <p className="notice notice--error">{outcome.message}</p>}</div>
        <form ref={form} onSubmit={submit} noValidate className="stack">
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
          <button type="submit" className="button" disabled={!hydrated || outcome.kind === 'sending'}>
            {outcome.kind === 'sending' ? myOrderTexts.lookupSending : myOrderTexts.lookupSubmit}
          </button>
        </form>
      </section>
    </div>
  );
}
