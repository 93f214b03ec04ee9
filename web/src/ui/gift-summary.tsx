/**
 * What an order "para oferta" carries (docs/gifts.md), as the customer's pages and the owner's order
 * show it: the card's message (line breaks kept; React escapes it) and whether it goes wrapped.
 */
import type { OrderGift } from '#shared/gift.ts';
import { giftTexts } from '#shared/messages/index.ts';

export function GiftSummary({ gift, headingLevel = 3 }: { readonly gift: OrderGift; readonly headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="gift-summary" aria-labelledby="gift-summary-title" data-testid="gift-summary">
      <Heading id="gift-summary-title" className="gift-summary__title">
        {giftTexts.heading}
      </Heading>
      <dl className="gift-summary__facts">
        <dt>{giftTexts.messageLabel}</dt>
        <dd className="gift-summary__message">{gift.message || giftTexts.noMessage}</dd>
        <dt>{giftTexts.wrapLine}</dt>
        <dd>{gift.wrap ? giftTexts.wrapYes : giftTexts.wrapNo}</dd>
      </dl>
    </section>
  );
}
