/**
 * "É para oferta" on the shipping step (docs/gifts.md): a checkbox that reveals the card's message
 * (counted as the customer types: at most 200 characters) and, while the shop offers one, the gift wrap
 * at its price ("Embrulho de oferta (+2,50 €)", or "(grátis)"). The server prices the wrap again.
 */
import { giftMessageLeft, wrapChoice } from '#shared/gift.ts';
import { giftTexts } from '#shared/messages/index.ts';
import { TextAreaField } from '#web/ui/field.tsx';
import type { ShippingFields } from './use-shipping-form.ts';

/** Characters left from which the counter is also said aloud (not at every key before that). */
const ANNOUNCE_FROM = 20;

export function GiftSection({
  fields: { draft, errors, update },
  wrapCents,
}: {
  readonly fields: ShippingFields;
  readonly wrapCents: number | undefined;
}) {
  const left = giftMessageLeft(draft.giftMessage);
  return (
    <section className="card gift-section" aria-labelledby="gift-title">
      <h2 id="gift-title">Oferta</h2>
      <label className="terms">
        <input
          type="checkbox"
          name="gift"
          checked={draft.gift}
          aria-describedby="gift-hint"
          aria-controls="gift-fields"
          onChange={(e) => update('gift', e.target.checked)}
        />
        <span>{giftTexts.isGift}</span>
      </label>
      <p id="gift-hint" className="field-hint">
        {giftTexts.isGiftHint}
      </p>
      <div id="gift-fields" className="gift-section__fields" hidden={!draft.gift}>
        <TextAreaField
          label={giftTexts.message}
          name="giftMessage"
          rows={3}
          value={draft.giftMessage}
          error={errors.giftMessage}
          hint={
            <>
              {giftTexts.messageHint}{' '}
              <span className={left < 0 ? 'gift-section__count gift-section__count--over' : 'gift-section__count'} data-testid="gift-count">
                {giftTexts.charactersLeft(left)}
              </span>
            </>
          }
          onChange={(e) => update('giftMessage', e.target.value)}
        />
        <p className="visually-hidden" aria-live="polite">
          {left <= ANNOUNCE_FROM ? giftTexts.charactersLeft(left) : ''}
        </p>
        {wrapCents !== undefined && (
          <div className="field">
            <label className="terms">
              <input
                type="checkbox"
                name="giftWrap"
                checked={draft.giftWrap}
                aria-invalid={errors.giftWrap ? true : undefined}
                aria-describedby={errors.giftWrap ? 'gift-wrap-error' : undefined}
                onChange={(e) => update('giftWrap', e.target.checked)}
              />
              <span>{wrapChoice(wrapCents)}</span>
            </label>
            {errors.giftWrap && (
              <p id="gift-wrap-error" className="field-error">
                {errors.giftWrap}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
