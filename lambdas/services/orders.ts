/**
 * Placing an order: the server decides prices, totals, stock, the order number
 * and the MB WAY number. The order, the stock decrement of every line, the month's MB WAY counter and
 * the idempotency record are written in ONE DynamoDB transaction whose conditions require enough
 * stock, a free order number, room on the MB WAY number and our claim on the key: either all of it
 * happens or none of it does.
 */
import { createHash } from 'node:crypto';
import type { CustomerOrderResponse, Order, OrderLine, PlaceOrderResponse } from '#shared/api.ts';
import { apiTexts, checkoutTexts, paymentStartTexts, validationTexts } from '#shared/messages/index.ts';
import { monthKey } from '#shared/mb-way.ts';
import { holdMinutesFor, type HoldCaps, type OrderCaps, type ShopSettings } from '#shared/settings.ts';
import { clientAddressKey, emailKey, phoneKey } from '#shared/identity-keys.ts';
import { methodOffered, type PaymentMethodId } from '#shared/payment-methods.ts';
import { ACCESS_TOKEN_PATTERN, CLOSED_STATUS, PROOF_STATUS, RESERVED_STATUS, generateOrderNumber } from '#shared/order-status.ts';
import { priceLine } from '#shared/pricing.ts';
import type { AttachProofInput, PlaceOrderInput } from '#shared/schemas/index.ts';
import { lineVariant, nameWithSize, variantPriceCents } from '#shared/variants.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { CheckoutBusy, Conflict, Forbidden, InvalidInput, OutOfStock } from '../errors.ts';
import { logger } from '../logger.ts';
import { BUSINESS_METRICS, countEvent } from '../metrics.ts';
import { claimIdempotencyKey, completeIdempotencyItem, IDEMPOTENCY_CLAIM_HELD, peekIdempotencyKey, releaseIdempotencyKey, type Claim } from '../repositories/idempotency.ts';
import { claimProofItem, getOrderItem, putOrderItem, toOrder, ORDER_LISTING, PROOF_UNCLAIMED, type OrderItem } from '../repositories/orders.ts';
import { orderSearchItems } from '../repositories/order-search.ts';
import { getProductsConsistent } from '../repositories/products.ts';
import { writeTransaction, type TransactionItem } from '../repositories/transactions.ts';
import { readyToTry, refuseShortLine, takeOrderStock, type OrderTiming } from './order-stock.ts';
import { holdCounterName, refusedByHoldCap, takeHoldItem } from '../repositories/holds.ts';
import { newOrderCountItems } from './counters.ts';
import { byProvider, methodAvailable, mbwayLimitsInForce, mbwaySlot, newProviderPayment } from './payments.ts';
import { assertShopReady, shopSettings } from './settings.ts';
import { CUSTOMER, payReservation, SHOP } from './order-lifecycle.ts';
import { hashAccessToken, isOrderAccessToken, orderAccessToken } from './order-access.ts';
import { paidOrderMailItems, reservationMailItem } from './order-mail.ts';
import { toCustomerOrder } from './customer-order.ts';
import { checkOpenReservation, openReservationWrite, reservationExists, type OpenReservationCheck } from './open-reservation.ts';
import { RESERVATION_FREE } from '../repositories/open-reservations.ts';
import type { ClaimedProof } from './proof-claims.ts';
import { claimedProofKey, proofUsed } from './uploads.ts';
import { identityKeysOf, refuseBlocked } from './abuse.ts';
import { holdLimit } from './hold-refusal.ts';
import { priceWithCode, refuseCodeUse, type CodedOrder, type ScopedLine } from './discount-codes.ts';
import { giftOf, pricedMoney } from './order-money.ts';
import { takeCodeUseItems } from '../repositories/discount-codes.ts';
import { ANSWER_MARGIN_MS, assertTimeFor, beforeDeadline, BUSY_RETRY_AFTER_SECONDS, checkoutDeadline, settledBy, TRANSACTION_ALLOWANCE_MS, type CheckoutDeadline } from './checkout-deadline.ts';

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

/** An order that alone holds more units than one customer may hold at once: refused before anything is counted. */
function refuseOverHoldUnits(input: PlaceOrderInput, caps: HoldCaps): void {
  const units = input.items.reduce((sum, item) => sum + item.quantity, 0);
  if (units > caps.units) throw new Conflict(checkoutTexts.holdUnitsCap(caps.units), 'hold_limit');
}

/**
 * What a new order holds and against which counters: its units, against its client address, e-mail
 * and phone (each by its key, `#shared/identity-keys.ts`).
 */
function orderHold(shipping: PlaceOrderInput['shipping'], clientAddress: string, orderLines: readonly OrderLine[]): { keys: string[]; units: number } {
  const keys = [holdCounterName('address', clientAddressKey(clientAddress)), holdCounterName('email', emailKey(shipping.email)), holdCounterName('phone', phoneKey(shipping.phone))];
  return { keys, units: orderLines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** When a reservation paid with `method` made at `now` expires: the method's minutes of the settings. */
export function reservationExpiry(settings: ShopSettings, method: PaymentMethodId, now: Date): string {
  return new Date(now.getTime() + holdMinutesFor(settings.holdMinutes, method) * 60_000).toISOString();
}

/**
 * Places an order once per idempotency key. `clientAddress` (the viewer's address, `clientId`) is one
 * of the keys its hold counts against, and is kept on the order for the owner's block of a suspicious one.
 * `deadline`: the answer comes by then, a 503 `checkout_busy` if the order could not be settled in time
 * (`./checkout-deadline.ts`).
 */
export async function placeOrder(input: PlaceOrderInput, idempotencyKey: string | undefined, proofs: ProofClaims, clientAddress: string, now = new Date(), deadline = checkoutDeadline()): Promise<PlacedOrder> {
  if (!idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new InvalidInput(apiTexts.idempotencyKeyMissing, { 'Idempotency-Key': apiTexts.idempotencyKeyMissing }, 'idempotency_key_invalid');
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
  if (automatic && input.proofKey) throw new InvalidInput(paymentStartTexts.noProofNeeded, { proofKey: paymentStartTexts.noProofNeeded }, 'proof_not_needed');
  giftOf(input, settings);
  // A sold-out piece is told here, from one consistent read: no claim, no transaction. The code
  // (docs/discount-codes.md) prices with the lines; its uses are the transaction's to decide.
  const priced = await beforeDeadline(deadline, priceOrder(input).then((lines) => priceWithCode(lines, input.shipping.shippingMethod, input.discountCode, now)));
  const pricedAt = Date.now();
  // Automatic MB WAY asks the customer's own phone: no number of the month, no slot (nor its limits).
  if (input.shipping.paymentMethod === 'mbway' && !automatic) await mbwaySlot(monthKey(now), mbwayLimitsInForce(settings), Boolean(input.proofKey));
  await refuseBlocked(identityKeysOf({ email: input.shipping.email, phone: input.shipping.phone, client: clientAddress }), now);
  // A reservation (no proof yet) is the only open one of its e-mail and cart.
  const open = input.proofKey ? undefined : await checkOpenReservation(input, now);
  // No claim without the time to write the order and answer.
  assertTimeFor(deadline, TRANSACTION_ALLOWANCE_MS);
  const claim = await beforeDeadline(deadline, claimIdempotencyKey(idempotencyKey, fingerprint, now));
  if (claim.state !== 'claimed') return answerKnown(claim);

  let body: PlaceOrderResponse;
  try {
    body = await writeOrder(input, priced, { idempotencyKey, fingerprint, clientAddress, open }, settings, proofs, now, { deadline, pricedAt });
  } catch (error) {
    // Not waited for past the deadline: a claim left behind lapses after its lock, and asking again meanwhile is answered 409 in progress.
    const release = releaseIdempotencyKey(idempotencyKey, fingerprint).catch((failed: unknown) => logger.error('could not release idempotency key', { error: failed as Error }));
    await settledBy(deadline, release, ANSWER_MARGIN_MS / 2);
    throw error;
  }
  return { status: 201, body };
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
    if (!product) throw new Conflict(checkoutTexts.productGone, 'product_unavailable', { [`items.${index}.productId`]: checkoutTexts.productGone });
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
    return { product, variant, quantity: item.quantity, priceCents: variantPriceCents(product, variant), discountPercent: product.discountPercent };
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

/** The invoice's customer (docs/invoices.md): the NIF given at checkout, with the company's name; nothing without a NIF. */
function invoiceCustomerOf(input: PlaceOrderInput): { nif?: string; companyName?: string } {
  return input.nif ? { nif: input.nif, ...(input.companyName ? { companyName: input.companyName } : {}) } : {};
}

/**
 * The order holds the proof's safe copy: the original upload is no longer needed. A failed or slow drop
 * is logged, not waited for past the deadline: the order is placed and answered 201 all the same.
 */
async function dropProofUpload(proofs: ProofClaims, proofKey: string, deadline: CheckoutDeadline): Promise<void> {
  const drop = proofs.drop(proofKey).catch((error: unknown) => logger.error('could not drop the proof upload', { error: error as Error }));
  await settledBy(deadline, drop, ANSWER_MARGIN_MS / 2);
}

async function writeOrder(input: PlaceOrderInput, priced: CodedOrder, claims: OrderClaims, settings: ShopSettings, proofs: ProofClaims, now: Date, timing: OrderTiming): Promise<PlaceOrderResponse> {
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
  for (let attempt = 1; ; attempt++) {
    await readyToTry(orderLines, attempt, timing);
    const slot = mbway ? await mbwaySlot(month, limits, Boolean(proof)) : undefined;
    const orderNumber = generateOrderNumber();
    const access = await newAccessToken(String(orderNumber));
    const order: OrderItem = {
      id: String(orderNumber),
      orderNumber,
      status,
      createdAt: now.toISOString(),
      timestamp: Math.floor(now.getTime() / 1000),
      ...shipping,
      ...(slot ? { mbwayNumber: slot.number, mbwayMonth: month, ...(slot.live ? { mbwayLive: true } : {}) } : {}),
      lines: orderLines,
      ...pricedMoney(priced, codeUse?.keys, giftOf(input, settings)),
      ...(proof ? { proofKey: proof.key, proofContentType: proof.contentType } : { expiresAt: reservationExpiry(settings, input.shipping.paymentMethod, now) }),
      ...(providerPayment ? { providerPayment } : {}),
      ...invoiceCustomerOf(input),
      holdKeys: hold.keys,
      holdUnits: hold.units,
      accessTokenHash: access.hash,
      clientKey: clientAddressKey(clientAddress),
      emails: [],
      timeline: [{ at: now.toISOString(), kind: 'reserved', to: status, by: CUSTOMER }],
      listing: ORDER_LISTING,
    };
    const body: PlaceOrderResponse = { order: { ...toCustomerOrder(toOrder(order), settings.payments), accessToken: access.token } };

    const items: TransactionItem[] = [putOrderItem(order), ...takeOrderStock(order.id, orderLines, now), ...(slot ? [slot.item] : [])];
    if (proof) items.push(claimProofItem(proof.key, order.id, now));
    items.push(...hold.keys.map((name) => takeHoldItem(name, hold.units, settings.holdCaps)));
    if (codeUse) items.push(...codeUse.items);
    items.push(completeIdempotencyItem(idempotencyKey, fingerprint, body));
    items.push(...newOrderCountItems(order));
    // Found by the back-office search under the customer's name, e-mail, phone and the number.
    items.push(...orderSearchItems(order));
    // The order-received e-mail confirms the proof too: a reservation gets it when its proof arrives.
    if (status === PROOF_STATUS) items.push(...paidOrderMailItems(toOrder(order), now));
    // A reservation mails how and until when to pay, with the order's link (a provider's: once its payment is made).
    else if (!providerPayment) items.push(reservationMailItem(toOrder(order), now, settings.payments));
    if (open && order.expiresAt) items.push(openReservationWrite(open, order.id, order.expiresAt, now));

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

const ORDER_ID = /^\d{6}$/;

/** The order, if `token` is its access token; a missing or wrong token and an unknown order get the same 403. */
export async function orderWithToken(id: string | undefined, token: string | undefined): Promise<OrderItem> {
  if (!token || !ACCESS_TOKEN_PATTERN.test(token)) throw new Forbidden(apiTexts.orderAccessDenied);
  const order = id && ORDER_ID.test(id) ? await getOrderItem(id) : undefined;
  // The token under a key accepted now (the current one, or the previous during a rotation's overlap).
  if (!order || !(await isOrderAccessToken(order.id, token))) throw new Forbidden(apiTexts.orderAccessDenied);
  return order;
}

/** GET /api/orders/{id} (header `x-order-token`): the customer's view of their order. */
export async function customerOrder(id: string | undefined, token: string | undefined): Promise<CustomerOrderResponse> {
  const [order, settings] = await Promise.all([orderWithToken(id, token), shopSettings()]);
  return { order: toCustomerOrder(toOrder(order), settings.payments) };
}

/** Why a proof cannot be attached to an order that is no longer a live reservation. */
function notAwaitingPayment(order: Order): Conflict {
  if (order.status === CLOSED_STATUS) {
    const expired = order.timeline.some((entry) => entry.kind === 'status' && entry.to === CLOSED_STATUS && entry.by === SHOP);
    return expired ? new Conflict(apiTexts.reservationExpired, 'reservation_expired') : new Conflict(apiTexts.orderClosed, 'order_closed');
  }
  return new Conflict(apiTexts.orderAlreadyPaid, 'order_already_paid');
}

/**
 * POST /api/orders/{id}/proof: the customer's proof of payment moves the reservation to
 * `Confirmar Pagamento` (`payReservation`), if it has not expired, and the proof backs no other order. Sending the same
 * proof again for the same order answers the order as it is (a double click).
 */
export async function attachProof(id: string | undefined, input: AttachProofInput, proofs: ProofClaims, now = new Date()): Promise<CustomerOrderResponse> {
  const [order, { payments }] = await Promise.all([orderWithToken(id, input.accessToken), shopSettings(now.getTime())]);
  const claimedKey = claimedProofKey(input.proofKey);
  if (order.status !== RESERVED_STATUS) {
    if (order.proofKey === claimedKey) return { order: toCustomerOrder(toOrder(order), payments) };
    throw notAwaitingPayment(toOrder(order));
  }
  if (!order.expiresAt || order.expiresAt <= now.toISOString()) throw new Conflict(apiTexts.reservationExpired, 'reservation_expired');
  // Another manual method than the one chosen: only one the shop offers now.
  if (input.method && input.method !== order.paymentMethod && !methodOffered(payments, input.method)) throw new InvalidInput(validationTexts.proofMethod.invalid, { method: validationTexts.proofMethod.invalid });
  const proof = await proofs.claim(input.proofKey);
  const paid = await payReservation(order, { ...proof, ...(input.method ? { method: input.method } : {}) }, now);
  // The order holds the proof's safe copy: the original upload is no longer needed.
  if (paid.kind === 'moved') await proofs.drop(input.proofKey);
  if (paid.kind === 'proof-claimed') {
    if (paid.orderId === order.id) return customerOrder(order.id, input.accessToken);
    throw proofUsed();
  }
  if (paid.kind === 'not-moved') {
    const current = await getOrderItem(order.id);
    if (current?.status === RESERVED_STATUS) throw new Conflict(apiTexts.reservationExpired, 'reservation_expired');
    if (current?.proofKey === proof.key) return { order: toCustomerOrder(toOrder(current), payments) };
    throw current ? notAwaitingPayment(toOrder(current)) : new Conflict(apiTexts.orderChanged, 'order_changed');
  }
  return { order: toCustomerOrder(toOrder((await getOrderItem(order.id))!), payments) };
}
