import { Link } from '#web/lib/router.tsx';
import { formatCents } from '#shared/money.ts';
import { checkoutTexts, commonTexts, providerPaymentTexts } from '#shared/messages/index.ts';
import type { PaymentMethodId } from '#shared/payment-methods.ts';
import { paths } from '#shared/paths.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_METHOD_IDS, SHIPPING_METHODS, type ShippingMethodId } from '#shared/shipping.ts';
import { ChoiceGroup } from '#web/ui/field.tsx';
import type { PaymentChoices, ShippingFields } from './use-shipping-form.ts';

/** How to ship, with each method's cost (free from the threshold on). */
export function ShippingMethodSection({
  fields: { draft, errors, update },
  freeShipping,
}: {
  fields: ShippingFields;
  freeShipping: boolean;
}) {
  return (
    <section className="card">
      <ChoiceGroup legend={<h2>Método de envio</h2>} error={errors.shippingMethod}>
        {SHIPPING_METHOD_IDS.map((id: ShippingMethodId) => {
          const method = SHIPPING_METHODS[id];
          return (
            <label key={id} className="choice">
              <input
                type="radio"
                name="shippingMethod"
                value={id}
                checked={draft.shippingMethod === id}
                onChange={() => update('shippingMethod', id)}
              />
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
      {!freeShipping && (
        <p className="field-hint shipping-note">{checkoutTexts.freeShippingFrom(formatCents(FREE_SHIPPING_THRESHOLD_CENTS))}</p>
      )}
    </section>
  );
}

/**
 * How to pay (outside the site, or through the payment provider): a method the shop does not take now, or
 * MB WAY full, shown but not choosable.
 */
export function PaymentMethodSection({ fields: { draft, errors, update }, payment }: { fields: ShippingFields; payment: PaymentChoices }) {
  // With a method the provider takes, each method says how it is paid; else one hint says it for all.
  const mixed = payment.choices.some((choice) => choice.automatic && choice.available);
  return (
    <section className="card">
      <ChoiceGroup
        legend={<h2>Método de pagamento</h2>}
        error={errors.paymentMethod}
        hint={payment.loading ? commonTexts.loading : mixed ? undefined : providerPaymentTexts.manualChoiceHint}
      >
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
              {!choice.available && (
                <span className="field-hint">{choice.id === 'mbway' ? checkoutTexts.methodUnavailable : checkoutTexts.methodOff}</span>
              )}
              {choice.available && mixed && (
                <span className="field-hint">
                  {choice.automatic && (choice.id === 'mbway' || choice.id === 'multibanco')
                    ? providerPaymentTexts.choiceHint[choice.id]
                    : providerPaymentTexts.manualChoiceHint}
                </span>
              )}
            </span>
          </label>
        ))}
      </ChoiceGroup>
    </section>
  );
}

/** The terms, to accept (they open in a new window). */
export function TermsSection({ fields: { draft, errors, update } }: { fields: ShippingFields }) {
  return (
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
  );
}
