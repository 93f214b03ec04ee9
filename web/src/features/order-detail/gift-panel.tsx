/** A gift order (docs/gifts.md) on the owner's order page: the card's message, the wrap, and what to pack. */
import type { OrderGift } from '#shared/gift.ts';
import { formatCents } from '#shared/money.ts';
import { giftTexts } from '#shared/messages/index.ts';
import { Panel } from '#web/ui/admin/action-panel.tsx';

export function GiftPanel({ gift }: { readonly gift: OrderGift }) {
  return (
    <Panel id="adm-gift" title={giftTexts.heading} testId="gift-panel">
      <p className="muted">{giftTexts.ownerHint}</p>
      <dl className="adm-dl">
        <dt>{giftTexts.messageLabel}</dt>
        <dd className="gift-summary__message" data-testid="gift-panel-message">
          {gift.message || giftTexts.noMessage}
        </dd>
        <dt>{giftTexts.wrapLine}</dt>
        <dd>
          {gift.wrap ? `${giftTexts.wrapYes} (${gift.wrapCents === 0 ? giftTexts.free : formatCents(gift.wrapCents)})` : giftTexts.wrapNo}
        </dd>
      </dl>
    </Panel>
  );
}
