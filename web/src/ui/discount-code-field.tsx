/**
 * "Código de desconto" on the cart and at the checkout (docs/discount-codes.md): the customer types a
 * code and applies it; the server prices the cart with it (`POST /api/discount-codes/check`, with its
 * own proof of work) and the summary shows what it takes off; a refusal says why beside the field. The
 * code is kept as chosen (`lib/chosen-code.ts`) and goes with the order (`discountCode`), whose answer
 * is the authority. The cart page loads this module only when the customer opens the field.
 */
import { orderItems, type Cart } from '#shared/cart.ts';
import type { AppliedDiscount } from '#shared/discount-codes.ts';
import type { AppliedCode } from '#web/lib/chosen-code.ts';
import { discountCodeTexts as t } from '#shared/messages/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useBotCheck } from '#web/lib/bot-check.tsx';
import { publicWrites } from '#web/lib/public-writes.ts';
import { useAction } from '#web/lib/use-submit.ts';
import { TextField } from './field.tsx';
import './discount-code.css';

/**
 * The typed code checked by the server on the cart (with a proof of work): applied with its discount,
 * or refused with why. The refusal is the action's notice, said beside the field; a second click or
 * Enter while it checks checks nothing.
 */
function useCodeCheck(cart: Cart, typed: string, onTyped: (code: string) => void, onApplied: (applied: AppliedCode | undefined) => void) {
  const botCheck = useBotCheck();
  const check = useAction();
  const apply = async () => {
    if (typed.trim() === '') return;
    const items = orderItems(cart);
    await check.run(
      async () => {
        const priced = await botCheck.withProof((proof) => publicWrites.checkDiscountCode({ code: typed, items }, proof));
        onTyped(priced.discount.code);
        onApplied({ discount: priced.discount, items: JSON.stringify(items) });
      },
      (failure) => {
        onApplied(undefined);
        return errorMessage(failure);
      },
    );
  };
  return { check, apply, refusal: check.notice?.lines[0], botStatus: botCheck.status };
}

export function DiscountCodeField(props: {
  readonly cart: Cart;
  readonly typed: string;
  readonly onTyped: (code: string) => void;
  readonly applied: AppliedDiscount | undefined;
  readonly onApplied: (applied: AppliedCode | undefined) => void;
  /** The order's refusal of the code (`fields.discountCode`), said here too. */
  readonly error?: string;
  /** Opened by the customer's click (the cart's button): the typing goes to the field at once. */
  readonly focus?: boolean;
}) {
  const { cart, typed, onTyped, applied, onApplied } = props;
  const { check, apply, refusal, botStatus } = useCodeCheck(cart, typed, onTyped, onApplied);
  const remove = () => {
    onTyped('');
    onApplied(undefined);
    check.show(undefined);
  };
  return (
    <div className="checkout-section discount-code">
      <div className="discount-code__row">
        <TextField
          label={t.field}
          name="discountCode"
          value={typed}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={props.focus}
          hint={applied ? undefined : t.hint}
          error={refusal ?? props.error}
          onChange={(event) => {
            onTyped(event.target.value);
            if (applied) onApplied(undefined);
            check.show(undefined);
          }}
          onKeyDown={(event) => {
            // Enter applies the code, it does not reserve the order.
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        {applied ? (
          <button type="button" className="button button--secondary" onClick={remove}>
            {t.remove}
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            disabled={check.busy || typed.trim() === ''}
            onClick={() => void apply()}
          >
            {check.busy ? t.checking : t.apply}
          </button>
        )}
      </div>
      <p role="status" className="discount-code__applied">
        {applied ? t.applied(applied.code) : ''}
      </p>
      {botStatus}
    </div>
  );
}
