import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '../../lib/router.tsx';
import { formatCents } from '#shared/money.ts';
import { apiTexts, checkoutTexts, commonTexts, validationTexts } from '#shared/messages.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS, type PaymentMethodId } from '#shared/payment-methods.ts';
import { summarizeCart } from '#shared/pricing.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { SHIPPING_COUNTRIES, shippingFormSchema } from '#shared/schemas/shipping-form.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS, qualifiesForFreeShipping, SHIPPING_METHOD_IDS, SHIPPING_METHODS, type ShippingMethodId } from '#shared/shipping.ts';
import { paths } from '#shared/paths.ts';
import { useCart } from '../../lib/cart-store.ts';
import { checkForm, type FieldMessages } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { ChoiceGroup, SelectField, TextField } from '../../ui/field.tsx';
import { orderItems } from '#shared/cart.ts';
import type { PlaceOrderInput } from '#shared/schemas/place-order.ts';
import { api, ApiError } from '../../lib/api.ts';
import { idempotencyKeyFor, loadShippingDraft, recordReservation, reservationFor, saveShippingDraft, type ShippingDraft } from './checkout-session.ts';
import { OrderRefusalNotice, orderRefusal, type Refusal } from './order-refusal.tsx';
import { OrderSummary } from './order-summary.tsx';
import { usePaymentMethods } from './payment-methods.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import './checkout.css';

type TextName = 'email' | 'firstName' | 'lastName' | 'address' | 'city' | 'postalCode' | 'phone';
const TEXT_FIELDS: readonly TextName[] = ['email', 'firstName', 'lastName', 'address', 'city', 'postalCode', 'phone'];
/** The order in which fields get the focus when something is wrong. */
const FIELD_ORDER = ['email', 'firstName', 'lastName', 'country', 'address', 'city', 'postalCode', 'phone', 'shippingMethod', 'paymentMethod', 'acceptTerms'] as const;

/** The form's alert: a missing field → 'preencha todos os campos'; only the terms → 'aceite os termos'; otherwise the fields say what is wrong. */
function formAlert(draft: ShippingDraft, errors: FieldMessages): string {
  const missing = TEXT_FIELDS.some((name) => draft[name].trim() === '') || !draft.shippingMethod || !draft.paymentMethod;
  if (missing) return checkoutTexts.missingFields;
  if (Object.keys(errors).every((name) => name === 'acceptTerms')) return checkoutTexts.termsNotAccepted;
  return apiTexts.invalidInput;
}

/**
 * The payment methods offered: from the API (a method the shop does not take, or MB WAY full this
 * month, cannot be chosen), or all four if it cannot be asked; and the reservation's hours.
 */
function usePaymentChoices() {
  const [state, reload] = usePaymentMethods();
  if (state.status === 'ready') {
    const choices = state.value.methods.map((m) => ({ id: m.id, label: m.label, available: m.available }));
    return { loading: false, reload, choices, reservationHours: state.value.reservationHours };
  }
  const choices = PAYMENT_METHOD_IDS.map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id], available: true }));
  return { loading: state.status === 'loading', reload, choices, reservationHours: DEFAULT_SETTINGS.reservationHours };
}

/** The server's refusals that name fields of this form (`shipping.*`), by field name. */
function shippingFieldErrors(error: unknown): FieldMessages {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).flatMap(([name, message]) => (name.startsWith('shipping.') ? [[name.slice('shipping.'.length), message]] : [])));
}

/** /shipping: who and where, how to ship, how to pay, terms. Kept in the session when going back. */
export function ShippingPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ShippingDraft>(loadShippingDraft);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [reserving, setReserving] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const payment = usePaymentChoices();
  const subtotal = summarizeCart(cart).subtotalCents;
  const freeShipping = qualifiesForFreeShipping(subtotal);

  usePageMeta({ title: 'Dados de envio', description: 'Morada, método de envio e método de pagamento da tua encomenda.', noindex: true });
  useEffect(() => {
    saveShippingDraft(draft);
  }, [draft]);
  // A method that is not available (MB WAY full this month) cannot stay chosen from an earlier visit.
  const unavailableChosen = payment.choices.some((c) => c.id === draft.paymentMethod && !c.available);
  useEffect(() => {
    if (unavailableChosen) setDraft((d) => ({ ...d, paymentMethod: '' }));
  }, [unavailableChosen]);

  if (cart.length === 0) return <Navigate to={paths.cart} replace />;

  const update = <K extends keyof ShippingDraft>(name: K, value: ShippingDraft[K]) => {
    setDraft((d) => ({ ...d, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  const text = (name: TextName) => ({
    name,
    value: draft[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(name, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(shippingFormSchema, draft);
    const unavailable = payment.choices.find((c) => c.id === draft.paymentMethod && !c.available);
    const found: FieldMessages = checked.ok ? {} : checked.errors;
    // The refusal is said once, in the alert; the field only asks for another choice.
    const all = unavailable ? { ...found, paymentMethod: validationTexts.paymentMethod.invalid } : found;
    if (Object.keys(all).length > 0) {
      setErrors(all);
      setAlert(checked.ok ? checkoutTexts.mbwayUnavailable : formAlert(draft, all));
      const first = FIELD_ORDER.find((name) => all[name]);
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setAlert(null);
    if (!checked.ok) return;
    saveShippingDraft({ ...draft, ...checked.data });
    void reserve({ items: orderItems(cart), shipping: checked.data });
  };

  /** Leaving the shipping step reserves the order: amount, number and pieces fixed before paying. */
  const reserve = async (input: PlaceOrderInput) => {
    if (reservationFor(input)) {
      navigate(paths.payment);
      return;
    }
    setReserving(true);
    setRefused(null);
    try {
      recordReservation(input, await api.placeOrder(input, idempotencyKeyFor(input)));
      navigate(paths.payment);
    } catch (error) {
      console.error('Reserving the order failed', error);
      setReserving(false);
      const fields = shippingFieldErrors(error);
      const names = Object.keys(fields);
      if (error instanceof ApiError && error.code === 'mbway_unavailable') {
        // MB WAY just filled up this month: said once, in the alert; the choice is cleared and shown as unavailable.
        setDraft((d) => ({ ...d, paymentMethod: '' }));
        setAlert(error.message);
        payment.reload();
        return;
      }
      if (names.length > 0) {
        // Something of this form: say it at the field.
        setErrors(fields);
        setAlert(fields[names[0]!]!);
        return;
      }
      setRefused(orderRefusal(error));
    }
  };

  return (
    <div className="container page-body">
      <ol className="checkout-steps" aria-label="Passos da compra">
        <li>Carrinho</li>
        <li aria-current="step">Envio</li>
        <li>Pagamento</li>
      </ol>
      <h1>Dados de envio</h1>
      <div className="checkout-layout">
        <form ref={form} className="checkout-form" onSubmit={submit} noValidate>
          <div role="alert">{alert && <p className="notice notice--error">{alert}</p>}</div>
          <section className="card">
            <h2>Contacto</h2>
            <div className="form-grid">
              <TextField label="E-mail" type="email" autoComplete="email" maxLength={TEXT_LIMITS.email} {...text('email')} hint="Enviamos para aqui a confirmação da encomenda." />
            </div>
          </section>
          <section className="card">
            <h2>Morada de envio</h2>
            <div className="form-grid form-grid--two">
              <TextField label="Nome" autoComplete="given-name" maxLength={TEXT_LIMITS.firstName} {...text('firstName')} />
              <TextField label="Apelido" autoComplete="family-name" maxLength={TEXT_LIMITS.lastName} {...text('lastName')} />
              <SelectField className="span-2" label="País" name="country" autoComplete="country-name" value={draft.country} onChange={() => update('country', 'Portugal')} error={errors.country}>
                {SHIPPING_COUNTRIES.map((country) => (
                  <option key={country} value={country}>
                    {country}
                  </option>
                ))}
              </SelectField>
              <TextField className="span-2" label="Morada" autoComplete="street-address" maxLength={TEXT_LIMITS.address} {...text('address')} />
              <TextField label="Localidade" autoComplete="address-level2" maxLength={TEXT_LIMITS.city} {...text('city')} />
              <TextField label="Código postal" autoComplete="postal-code" inputMode="numeric" placeholder="1234-567" {...text('postalCode')} />
              <TextField className="span-2" label="Telefone" type="tel" autoComplete="tel" {...text('phone')} />
            </div>
          </section>
          <section className="card">
            <ChoiceGroup legend={<h2>Método de envio</h2>} error={errors.shippingMethod}>
              {SHIPPING_METHOD_IDS.map((id: ShippingMethodId) => {
                const method = SHIPPING_METHODS[id];
                return (
                  <label key={id} className="choice">
                    <input type="radio" name="shippingMethod" value={id} checked={draft.shippingMethod === id} onChange={() => update('shippingMethod', id)} />
                    <span className="choice-body">
                      <span className="choice-title">
                        <span>{method.label}</span>
                        <span>{freeShipping ? 'Grátis' : formatCents(method.costCents)}</span>
                      </span>
                      <span className="field-hint">{method.description}</span>
                    </span>
                  </label>
                );
              })}
            </ChoiceGroup>
            {!freeShipping && <p className="field-hint shipping-note">{checkoutTexts.freeShippingFrom(formatCents(FREE_SHIPPING_THRESHOLD_CENTS))}</p>}
          </section>
          <section className="card">
            <ChoiceGroup legend={<h2>Método de pagamento</h2>} error={errors.paymentMethod} hint={payment.loading ? commonTexts.loading : 'Pagas fora do site e envias o comprovativo no passo seguinte.'}>
              {payment.choices.map((choice) => (
                <label key={choice.id} className="choice">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={choice.id}
                    disabled={!choice.available}
                    checked={draft.paymentMethod === choice.id}
                    onChange={() => update('paymentMethod', choice.id as PaymentMethodId)}
                  />
                  <span className="choice-body">
                    <span className="choice-title">{choice.label}</span>
                    {!choice.available && <span className="field-hint">{choice.id === 'mbway' ? checkoutTexts.methodUnavailable : checkoutTexts.methodOff}</span>}
                  </span>
                </label>
              ))}
            </ChoiceGroup>
          </section>
          <section className="card">
            <div className="field">
              <label className="terms">
                <input
                  type="checkbox"
                  name="acceptTerms"
                  checked={draft.acceptTerms}
                  aria-invalid={errors.acceptTerms ? true : undefined}
                  aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
                  onChange={(e) => update('acceptTerms', e.target.checked)}
                />
                <span>
                  Li e aceito os{' '}
                  <Link to={paths.terms} target="_blank" rel="noopener">
                    Termos e Condições<span className="visually-hidden"> (abre numa nova janela)</span>
                  </Link>
                  .
                </span>
              </label>
              {errors.acceptTerms && (
                <p id="terms-error" className="field-error">
                  {errors.acceptTerms}
                </p>
              )}
            </div>
          </section>
          <div role="alert">{refused && <OrderRefusalNotice refusal={refused} />}</div>
          <div className="checkout-actions">
            <Link to={paths.cart} className="button button--secondary">
              Voltar ao carrinho
            </Link>
            <button type="submit" className="button" disabled={reserving}>
              {reserving ? checkoutTexts.reserving : 'Continuar para o pagamento'}
            </button>
          </div>
          <p className="field-hint checkout-actions__hint">{checkoutTexts.reservationHint(payment.reservationHours)}</p>
        </form>
        <OrderSummary cart={cart} shippingMethod={draft.shippingMethod} />
      </div>
    </div>
  );
}
