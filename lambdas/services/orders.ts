/**
 * Placing an order: the server decides prices, totals, stock, the order number
 * and the MB WAY number. The order, the stock decrement of every line, the month's MB WAY counter and
 * the idempotency record are written in ONE DynamoDB transaction whose conditions require enough
 * stock, a free order number, room on the MB WAY number and our claim on the key: either all of it
 * happens or none of it does.
 */
import { createHash } from 'node:crypto';
import type { PlaceOrderResponse } from '#shared/api.ts';
import { apiTexts, checkoutTexts, paymentStartTexts, validationTexts } from '#shared/messages/index.ts';
import { cartCount } from '#shared/cart.ts';
import { monthKey } from '#shared/mb-way.ts';
import { type HoldCaps, type OrderCaps, type ShopSettings } from '#shared/settings.ts';
import { emailKey } from '#shared/identity-keys.ts';
import { PROOF_STATUS, RESERVED_STATUS, generateOrderNumber } from '#shared/order-status.ts';
import { priceLine } from '#shared/pricing.ts';
import type { PlaceOrderInput } from '#shared/schemas/index.ts';
import { lineVariant, nameWithSize, variantPriceCents } from '#shared/variants.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { ChallengeRefused, CheckoutBusy, Conflict, InvalidInput, OutOfStock } from '../errors.ts';
import { logger } from '../logger.ts';
import { BUSINESS_METRICS, countEvent } from '../metrics.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyItem,
  IDEMPOTENCY_CLAIM_HELD,
  peekIdempotencyKey,
  releaseIdempotencyKey,
  type Claim,
} from '../repositories/idempotency.ts';
import { toOrder } from '../repositories/orders.ts';
import { PROOF_UNCLAIMED } from '../repositories/order-proofs.ts';
import { getProductsConsistent } from '../repositories/products.ts';
import { writeTransaction } from '../repositories/transactions.ts';
import { readyToTry, refuseShortLine, type OrderTiming } from './order-stock.ts';
import { refusedByHoldCap } from '../repositories/holds.ts';
import { byProvider, methodAvailable, mbwayLimitsInForce, mbwaySlot, newProviderPayment } from './payments.ts';
import { assertShopReady, shopSettings } from './settings.ts';
import { hashAccessToken, orderAccessToken } from './order-access.ts';
import { newOrderItem, newOrderWrites, orderHold, type OrderDraft } from './new-order.ts';
import { toCustomerOrder } from './customer-order.ts';
import { checkOpenReservation, reservationExists, type OpenReservationCheck } from './open-reservation.ts';
import { RESERVATION_FREE } from '../repositories/open-reservations.ts';
import type { ClaimedProof } from './proof-claims.ts';
import { proofUsed } from './uploads.ts';
import { identityKeysOf, refuseBlocked } from './abuse.ts';
import { holdLimit } from './hold-refusal.ts';
import { priceWithCode, refuseCodeUse, type CodedOrder, type ScopedLine } from './discount-codes.ts';
import { giftOf } from './order-money.ts';
import { takeCodeUseItems } from '../repositories/discount-codes.ts';
import {
  ANSWER_MARGIN_MS,
  assertTimeFor,
  beforeDeadline,
  BUSY_RETRY_AFTER_SECONDS,
  checkoutDeadline,
  settledBy,
  TRANSACTION_ALLOWANCE_MS,
  type CheckoutDeadline,
} from './checkout-deadline.ts';

/** How long an order is tried again at most: the customer is told to try again well before the function's 10 s are up (never a timeout). */
const ORDER_RETRY_MS = 5_000;

/** Accepted `Idempotency-Key` values: what a browser's crypto.randomUUID() and similar produce. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export interface PlacedOrder {
  /** 201 for a new order, 200 for the answer of a repeated key. */
  readonly status: 200 | 201;
  readonly body: PlaceOrderResponse;
}

function fingerprintOf(input: PlaceOrderInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * The shop's caps of the settings (the schema already holds every order to the hard maxima): an order
 * over them is refused in Portuguese, per line, before anything is reserved.
 */
function refuseOverCaps(input: PlaceOrderInput, caps: OrderCaps): void {
  if (input.items.length > caps.lines) {
    const message = checkoutTexts.linesCap(caps.lines);
    throw new InvalidInput(message, { items: message }, 'order_caps');
  }
  // The cap is per piece: the sizes of one piece count together (ten of each of twenty sizes is not ten).
  const perPiece = new Map<string, number>();
  for (const item of input.items) perPiece.set(item.productId, (perPiece.get(item.productId) ?? 0) + item.quantity);
  const over = input.items.flatMap((item, index) => (perPiece.get(item.productId)! > caps.lineQuantity ? [`items.${index}.quantity`] : []));
  if (over.length > 0) {
    const message = checkoutTexts.lineQuantityCap(caps.lineQuantity);
    throw new InvalidInput(message, Object.fromEntries(over.map((field) => [field, message])), 'order_caps');
  }
}

/**
 * How a proof of payment is claimed (checked, its safe copy kept) and its upload dropped once an order
 * holds it: `proofClaims` of `./proof-claims.ts`, given by the two handlers that take proofs, so the
 * other functions of this module (the customer's order page) carry neither sharp nor pdf-lib.
 */
export interface ProofClaims {
  readonly claim: (pendingKey: string) => Promise<ClaimedProof>;
  readonly drop: (pendingKey: string) => Promise<void>;
}

/**
 * What the checkout's handler gives `placeOrder` beside the order: the proofs of payment's claims, and
 * the held count's admission of the proof of work (`admitHeldUnits` of `./challenges.ts`, given by the
 * handler so this module's other functions carry no altcha-lib): it takes the units, or refuses the
 * proof, and returns how to give them back if the order is then not placed (undefined: nothing taken).
 */
export interface CheckoutGuards {
  readonly proofs: ProofClaims;
  readonly admission?: (units: number, baseMaxNumber: number) => Promise<(() => Promise<void>) | undefined>;
}

/** An order that alone holds more units than one customer may hold at once: refused before anything is counted. */
function refuseOverHoldUnits(input: PlaceOrderInput, caps: HoldCaps): void {
  const units = input.items.reduce((sum, item) => sum + item.quantity, 0);
  if (units > caps.units) throw new Conflict(checkoutTexts.holdUnitsCap(caps.units), 'hold_limit');
}

/**
 * Places an order once per idempotency key. `clientAddress` (the viewer's address, `clientId`) is one
 * of the keys its hold counts against, and is kept on the order for the owner's block of a suspicious one.
 * `deadline`: the answer comes by then, a 503 `checkout_busy` if the order could not be settled in time
 * (`./checkout-deadline.ts`).
 */
export async function placeOrder(
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
  { proofs, admission }: CheckoutGuards,
  clientAddress: string,
  now = new Date(),
  deadline = checkoutDeadline(),
): Promise<PlacedOrder> {
  if (!idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new InvalidInput(
      apiTexts.idempotencyKeyMissing,
      { 'Idempotency-Key': apiTexts.idempotencyKeyMissing },
      'idempotency_key_invalid',
    );
  }
  const fingerprint = fingerprintOf(input);
  // A repeated key answers from its record; a request refused on price or stock writes nothing at all.
  // Until the go-live checklist is complete nothing is reserved (docs/design.md §33).
  await assertShopReady(now.getTime());
  const known = await peekIdempotencyKey(idempotencyKey, fingerprint, now);
  if (known) return answerKnown(known);
  const settings = await shopSettings(now.getTime());
  refuseOverCaps(input, settings.orderCaps);
  refuseOverHoldUnits(input, settings.holdCaps);
  if (!methodAvailable(settings, input.shipping.paymentMethod)) {
    const message = checkoutTexts.paymentMethodUnavailable;
    throw new Conflict(message, 'payment_method_unavailable', { 'shipping.paymentMethod': message });
  }
  const automatic = byProvider(settings, input.shipping.paymentMethod);
  // The provider confirms the payment itself (docs/design.md §34): a proof has nothing to prove.
  if (automatic && input.proofKey)
    throw new InvalidInput(paymentStartTexts.noProofNeeded, { proofKey: paymentStartTexts.noProofNeeded }, 'proof_not_needed');
  giftOf(input, settings);
  // A sold-out piece is told here, from one consistent read: no claim, no transaction. The code
  // (docs/discount-codes.md) prices with the lines; its uses are the transaction's to decide.
  const priced = await beforeDeadline(
    deadline,
    priceOrder(input).then((lines) => priceWithCode(lines, input.shipping.shippingMethod, input.discountCode, now)),
  );
  const pricedAt = Date.now();
  // Automatic MB WAY asks the customer's own phone: no number of the month, no slot (nor its limits).
  if (input.shipping.paymentMethod === 'mbway' && !automatic)
    await mbwaySlot(monthKey(now), mbwayLimitsInForce(settings), Boolean(input.proofKey));
  await refuseBlocked(identityKeysOf({ email: input.shipping.email, phone: input.shipping.phone, client: clientAddress }), now);
  // A reservation (no proof yet) is the only open one of its e-mail and cart.
  const open = input.proofKey ? undefined : await checkOpenReservation(input, now);
  // No claim without the time to write the order and answer.
  assertTimeFor(deadline, TRANSACTION_ALLOWANCE_MS);
  const claim = await beforeDeadline(deadline, claimIdempotencyKey(idempotencyKey, fingerprint, now));
  if (claim.state !== 'claimed') return answerKnown(claim);

  let body: PlaceOrderResponse;
  let giveBack: (() => Promise<void>) | undefined;
  try {
    // Its units join the held count only while its proof of work still pays for them (docs/abuse.md, "A burst").
    giveBack = admission && (await beforeDeadline(deadline, admitOrTellSoldOut(input, admission, settings.challengeMaxNumber)));
    body = await writeOrder(input, priced, { idempotencyKey, fingerprint, clientAddress, open }, settings, proofs, now, {
      deadline,
      pricedAt,
    });
  } catch (error) {
    // Not waited for past the deadline: a claim left behind lapses after its lock, and asking again meanwhile is answered 409 in
    // progress; units left in the held count are put right by its next count.
    const release = Promise.all([releaseIdempotencyKey(idempotencyKey, fingerprint), giveBack?.()]).then(
      () => undefined,
      (failed: unknown) => logger.error('could not release idempotency key or held units', { error: failed as Error }),
    );
    await settledBy(deadline, release, ANSWER_MARGIN_MS / 2);
    throw error;
  }
  return { status: 201, body };
}

/**
 * The held count's admission of the order's units (`CheckoutGuards.admission`). A refusal while the
 * piece sells out (a drop: buyers who read stock before it ran out took units meanwhile, and give them
 * back as their orders fail) is told as what it is when the stock is gone now: the 409 of a sold-out
 * piece, not a proof to solve again.
 */
async function admitOrTellSoldOut(
  input: PlaceOrderInput,
  admission: NonNullable<CheckoutGuards['admission']>,
  baseMaxNumber: number,
): Promise<(() => Promise<void>) | undefined> {
  try {
    return await admission(cartCount(input.items), baseMaxNumber);
  } catch (error) {
    // Short stock now throws its own 409 (`priceOrder`); otherwise the refusal stands.
    if (error instanceof ChallengeRefused) await priceOrder(input);
    throw error;
  }
}

function answerKnown(claim: Exclude<Claim, { state: 'claimed' }>): PlacedOrder {
  if (claim.state === 'done') return { status: 200, body: claim.response as PlaceOrderResponse };
  if (claim.state === 'mismatch') throw new Conflict(apiTexts.idempotencyKeyReused, 'idempotency_key_reused');
  throw new Conflict(apiTexts.orderInProgress, 'order_in_progress');
}

/**
 * The order's lines priced from the products as they are now (each size at its own price); refuses
 * missing products or sizes, a piece sold in sizes without one, the same size twice, and short stock.
 */
async function priceOrder(input: PlaceOrderInput): Promise<ScopedLine[]> {
  const products = await getProductsConsistent(input.items.map((item) => item.productId));
  const seen = new Set<string>();
  const lines = input.items.map((item, index) => {
    const product = products.get(item.productId);
    if (!product)
      throw new Conflict(checkoutTexts.productGone, 'product_unavailable', { [`items.${index}.productId`]: checkoutTexts.productGone });
    const variant = lineVariant(product, item.variantId);
    if (!variant) {
      const message = item.variantId === undefined ? checkoutTexts.sizeRequired(product.name) : checkoutTexts.sizeGone(product.name);
      throw new Conflict(message, 'size_unavailable', { [`items.${index}.variantId`]: message });
    }
    // A line kept from before sizes (no id) and one naming the same only size are the same line.
    const key = `${product.id}#${variant.id}`;
    if (seen.has(key)) throw new InvalidInput(validationTexts.items.duplicate, { items: validationTexts.items.duplicate });
    seen.add(key);
    const name = nameWithSize(product.name, variant.label);
    if (variant.stock < item.quantity) {
      const message = checkoutTexts.outOfStock(name, variant.stock);
      throw new OutOfStock(message, { [`items.${index}.quantity`]: message });
    }
    return {
      product,
      variant,
      quantity: item.quantity,
      priceCents: variantPriceCents(product, variant),
      discountPercent: product.discountPercent,
    };
  });
  return lines.map((line) => {
    const priced = priceLine(line);
    return {
      productId: line.product.id,
      variantId: line.variant.id,
      size: line.variant.label,
      name: line.product.name,
      code: line.product.code,
      sku: line.variant.sku,
      quantity: line.quantity,
      priceCents: line.priceCents,
      discountPercent: line.discountPercent,
      unitPriceCents: priced.discountedUnitCents,
      lineTotalCents: priced.totalCents,
      // What a discount code's scope reads (not stored on the order's line).
      collection: line.product.collection,
      type: line.product.type,
    };
  });
}

/** The access token of a new order (rebuilt from its id for the links of its e-mails) and what the order keeps of it. */
async function newAccessToken(orderId: string): Promise<{ token: string; hash: string }> {
  const token = await orderAccessToken(orderId);
  return { token, hash: hashAccessToken(token) };
}

/** What a new order's transaction claims besides the order: its idempotency key, and for a reservation its e-mail and cart. */
interface OrderClaims {
  readonly idempotencyKey: string;
  readonly fingerprint: string;
  /** The viewer's address (`clientId`): one of the keys the order's hold counts against. */
  readonly clientAddress: string;
  readonly open: OpenReservationCheck | undefined;
}

/**
 * The order holds the proof's safe copy: the original upload is no longer needed. A failed or slow drop
 * is logged, not waited for past the deadline: the order is placed and answered 201 all the same.
 */
async function dropProofUpload(proofs: ProofClaims, proofKey: string, deadline: CheckoutDeadline): Promise<void> {
  const drop = proofs.drop(proofKey).catch((error: unknown) => logger.error('could not drop the proof upload', { error: error as Error }));
  await settledBy(deadline, drop, ANSWER_MARGIN_MS / 2);
}

async function writeOrder(
  input: PlaceOrderInput,
  priced: CodedOrder,
  claims: OrderClaims,
  settings: ShopSettings,
  proofs: ProofClaims,
  now: Date,
  timing: OrderTiming,
): Promise<PlaceOrderResponse> {
  const { deadline } = timing;
  const { idempotencyKey, fingerprint, clientAddress, open } = claims;
  const orderLines = priced.lines;
  const hold = orderHold(input.shipping, clientAddress, orderLines);
  const codeUse = priced.code ? takeCodeUseItems(priced.code, emailKey(input.shipping.email)) : undefined;
  const limits = mbwayLimitsInForce(settings);
  const proof = input.proofKey ? await proofs.claim(input.proofKey) : undefined;
  const { acceptTerms: _accepted, ...shipping } = input.shipping;
  const month = monthKey(now);
  const providerPayment = newProviderPayment(settings, input.shipping.paymentMethod);
  const mbway = input.shipping.paymentMethod === 'mbway' && !providerPayment;
  const status = proof ? PROOF_STATUS : RESERVED_STATUS;
  const giveUpAt = Date.now() + ORDER_RETRY_MS;
  const draft: OrderDraft = {
    input,
    shipping,
    priced,
    settings,
    now,
    status,
    month,
    proof,
    providerPayment,
    hold,
    codeUse,
    open,
    clientAddress,
  };
  for (let attempt = 1; ; attempt++) {
    await readyToTry(orderLines, attempt, timing);
    const slot = mbway ? await mbwaySlot(month, limits, Boolean(proof)) : undefined;
    const orderNumber = generateOrderNumber();
    const access = await newAccessToken(String(orderNumber));
    const order = newOrderItem(draft, orderNumber, access.hash, slot);
    const body: PlaceOrderResponse = { order: { ...toCustomerOrder(toOrder(order), settings.payments), accessToken: access.token } };

    const items = newOrderWrites(order, draft, slot, completeIdempotencyItem(idempotencyKey, fingerprint, body));

    const token = createHash('sha256').update(`${idempotencyKey}:${orderNumber}`).digest('hex').slice(0, 36);
    const result = await beforeDeadline(deadline, writeTransaction(items, token));
    if (result.written) {
      countEvent(BUSINESS_METRICS.ordersPlaced);
      if (input.proofKey) await dropProofUpload(proofs, input.proofKey, deadline);
      return body;
    }
    if (result.refused(IDEMPOTENCY_CLAIM_HELD)) {
      // Our claim is gone: if an earlier try of this transaction went through, its answer is recorded.
      const known = await beforeDeadline(deadline, peekIdempotencyKey(idempotencyKey, fingerprint, now));
      if (known?.state === 'done') return known.response as PlaceOrderResponse;
      throw new Conflict(apiTexts.orderInProgress, 'order_in_progress');
    }
    refuseShortLine(result.refused, orderLines);
    refuseCodeUse(result, priced.code);
    if (refusedByHoldCap(result.refusals)) throw await holdLimit(input.shipping, settings.holdCaps);
    if (result.refused(PROOF_UNCLAIMED)) throw proofUsed();
    if (result.refused(RESERVATION_FREE)) throw reservationExists();
    // Retry: the order number was taken, the MB WAY number filled up, or a concurrent transaction touched
    // the same items. Out of tries (nothing written): busy, the page asks again (docs/drops.md).
    if (attempt >= BACKOFF.orderPlacement.tries || Date.now() >= giveUpAt) throw new CheckoutBusy(BUSY_RETRY_AFTER_SECONDS);
    await backoff(BACKOFF.orderPlacement, attempt);
  }
}
