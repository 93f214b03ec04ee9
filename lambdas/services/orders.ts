/**
 * Placing an order: the server decides prices, totals, stock, the order number
 * and the MB WAY number. The order, the stock decrement of every line, the month's MB WAY counter and
 * the idempotency record are written in ONE DynamoDB transaction whose conditions require enough
 * stock, a free order number, room on the MB WAY number and our claim on the key: either all of it
 * happens or none of it does.
 */
import { createHash } from 'node:crypto';
import type { OrderEmailRecord, OrderLine, PlaceOrderResponse } from '../../shared/api.ts';
import { messages } from '../../shared/messages.ts';
import { chooseMbWayNumber, mbWayCounter, monthKey, type MbWayNumber } from '../../shared/mb-way.ts';
import { formatCents } from '../../shared/money.ts';
import { INITIAL_ORDER_STATUS, generateOrderNumber } from '../../shared/order-status.ts';
import { PAYMENT_METHOD_LABELS } from '../../shared/payment-methods.ts';
import { priceLine, quoteOrder } from '../../shared/pricing.ts';
import type { PlaceOrderInput } from '../../shared/schemas/index.ts';
import { Conflict, InvalidInput, OutOfStock } from '../errors.ts';
import { logger } from '../logger.ts';
import { claimIdempotencyKey, completeIdempotencyItem, peekIdempotencyKey, releaseIdempotencyKey, type Claim } from '../repositories/idempotency.ts';
import { sendTemplatedMail } from '../repositories/mail.ts';
import { appendOrderEmail, putOrderItem, ORDER_LISTING, type OrderItem } from '../repositories/orders.ts';
import { countMbWayOrderItem } from '../repositories/mbway-counters.ts';
import { getProductsConsistent, takeStockItem } from '../repositories/products.ts';
import { stockMovementItem } from '../repositories/stock-movements.ts';
import { writeTransaction } from '../repositories/transactions.ts';
import { getMbWayCounters } from '../repositories/mbway-counters.ts';
import { instructionsFor } from './payments.ts';
import { claimProof } from './uploads.ts';

/** Accepted `Idempotency-Key` values: what a browser's crypto.randomUUID() and similar produce. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** Attempts at the transaction when it only lost a race (conflict, taken number); backoff grows. */
const MAX_ATTEMPTS = 10;

export interface PlacedOrder {
  /** 201 for a new order, 200 for the answer of a repeated key. */
  readonly status: 200 | 201;
  readonly body: PlaceOrderResponse;
}

function fingerprintOf(input: PlaceOrderInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** Places an order once per idempotency key. */
export async function placeOrder(input: PlaceOrderInput, idempotencyKey: string | undefined, now = new Date()): Promise<PlacedOrder> {
  if (!idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new InvalidInput(messages.api.idempotencyKeyMissing, { 'Idempotency-Key': messages.api.idempotencyKeyMissing }, 'idempotency_key_invalid');
  }
  const fingerprint = fingerprintOf(input);
  // A repeated key answers from its record; a request refused on price or stock writes nothing at all.
  const known = await peekIdempotencyKey(idempotencyKey, fingerprint, now);
  if (known) return answerKnown(known);
  const priced = await priceOrder(input);
  if (input.shipping.paymentMethod === 'mbway') await mbwayNumberOrRefuse(monthKey(now));
  const claim = await claimIdempotencyKey(idempotencyKey, fingerprint, now);
  if (claim.state !== 'claimed') return answerKnown(claim);

  let body: PlaceOrderResponse;
  try {
    body = await writeOrder(input, priced, idempotencyKey, fingerprint, now);
  } catch (error) {
    await releaseIdempotencyKey(idempotencyKey, fingerprint).catch((release: unknown) => logger.error('could not release idempotency key', { error: release as Error }));
    throw error;
  }
  await sendOrderReceived(body, now);
  return { status: 201, body };
}

/** The MB WAY number this month's next order gets, or the spec's refusal when both are used up. */
async function mbwayNumberOrRefuse(month: string): Promise<MbWayNumber> {
  const chosen = chooseMbWayNumber(await getMbWayCounters(month));
  if (chosen === null) throw new Conflict(messages.checkout.mbwayUnavailable, 'mbway_unavailable', { 'shipping.paymentMethod': messages.checkout.mbwayUnavailable });
  return chosen;
}

function answerKnown(claim: Exclude<Claim, { state: 'claimed' }>): PlacedOrder {
  if (claim.state === 'done') return { status: 200, body: claim.response as PlaceOrderResponse };
  if (claim.state === 'mismatch') throw new Conflict(messages.api.idempotencyKeyReused, 'idempotency_key_reused');
  throw new Conflict(messages.api.orderInProgress, 'order_in_progress');
}

/** The order's lines priced from the products as they are now; refuses missing products and short stock. */
async function priceOrder(input: PlaceOrderInput): Promise<OrderLine[]> {
  const products = await getProductsConsistent(input.items.map((item) => item.productId));
  const lines = input.items.map((item, index) => {
    const product = products.get(item.productId);
    if (!product) throw new Conflict(messages.checkout.productGone, 'product_unavailable', { [`items.${index}.productId`]: messages.checkout.productGone });
    if (product.stock < item.quantity) {
      const message = messages.checkout.outOfStock(product.name, product.stock);
      throw new OutOfStock(message, { [`items.${index}.quantity`]: message });
    }
    return { product, quantity: item.quantity, priceCents: product.priceCents, discountPercent: product.discountPercent };
  });
  return lines.map((line) => {
    const priced = priceLine(line);
    return {
      productId: line.product.id,
      name: line.product.name,
      code: line.product.code,
      sku: line.product.sku,
      quantity: line.quantity,
      priceCents: line.priceCents,
      discountPercent: line.discountPercent,
      unitPriceCents: priced.discountedUnitCents,
      lineTotalCents: priced.totalCents,
    };
  });
}

async function writeOrder(input: PlaceOrderInput, orderLines: OrderLine[], idempotencyKey: string, fingerprint: string, now: Date): Promise<PlaceOrderResponse> {
  const quote = quoteOrder(orderLines, input.shipping.shippingMethod);
  const proof = await claimProof(input.proofKey);
  const { acceptTerms: _accepted, ...shipping } = input.shipping;
  const month = monthKey(now);
  const mbway = input.shipping.paymentMethod === 'mbway';

  for (let attempt = 1; ; attempt++) {
    let mbwayNumber: MbWayNumber | undefined;
    if (mbway) mbwayNumber = await mbwayNumberOrRefuse(month);
    const orderNumber = generateOrderNumber();
    const order: OrderItem = {
      id: String(orderNumber),
      orderNumber,
      status: INITIAL_ORDER_STATUS,
      createdAt: now.toISOString(),
      timestamp: Math.floor(now.getTime() / 1000),
      ...shipping,
      ...(mbwayNumber ? { mbwayNumber } : {}),
      lines: orderLines,
      subtotalCents: quote.subtotalCents,
      discountCents: quote.discountCents,
      shippingCents: quote.shippingCents,
      totalCents: quote.orderTotalCents,
      proofKey: proof.key,
      proofContentType: proof.contentType,
      emails: [],
      listing: ORDER_LISTING,
    };
    const body: PlaceOrderResponse = {
      order: {
        id: order.id,
        orderNumber,
        status: order.status,
        createdAt: order.createdAt,
        paymentMethod: order.paymentMethod,
        shippingMethod: order.shippingMethod,
        instructions: instructionsFor(order.paymentMethod, mbwayNumber),
        lines: orderLines,
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        shippingCents: order.shippingCents,
        totalCents: order.totalCents,
        email: order.email,
        firstName: order.firstName,
      },
    };

    const stockItems = orderLines.map((line) => takeStockItem(line.productId, line.quantity, now));
    const counter = mbwayNumber ? mbWayCounter(mbwayNumber) : undefined;
    const counterItem = counter ? [countMbWayOrderItem(month, counter)] : [];
    const movementItems = orderLines.map((line) =>
      stockMovementItem({ productId: line.productId, delta: -line.quantity, reason: 'reservation', actor: { kind: 'order', orderId: order.id } }, now),
    );
    const items = [putOrderItem(order), ...stockItems, ...counterItem, ...movementItems, completeIdempotencyItem(idempotencyKey, fingerprint, body)];

    const token = createHash('sha256').update(`${idempotencyKey}:${orderNumber}`).digest('hex').slice(0, 36);
    const result = await writeTransaction(items, token);
    if (result.written) return body;
    const failed = (index: number) => result.reasons[index]?.conditionFailed === true;
    // A line short of stock: nothing was written; say which product and how many are left.
    for (const [index, line] of orderLines.entries()) {
      if (failed(1 + index)) {
        const left = Number(result.reasons[1 + index]?.old?.stock ?? 0);
        const message = messages.checkout.outOfStock(line.name, left);
        throw new OutOfStock(message, { [`items.${index}.quantity`]: message });
      }
    }
    if (failed(items.length - 1)) {
      // Our claim is gone: if an earlier try of this transaction went through, its answer is recorded.
      const known = await peekIdempotencyKey(idempotencyKey, fingerprint, now);
      if (known?.state === 'done') return known.response as PlaceOrderResponse;
      throw new Conflict(messages.api.orderInProgress, 'order_in_progress');
    }
    // Retry: the order number was taken, the MB WAY number just filled up (choose again), or a
    // concurrent transaction touched the same items (TransactionConflict).
    if (attempt >= MAX_ATTEMPTS) throw new Conflict(messages.checkout.orderFailed, 'order_retry_exhausted');
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 10 * 2 ** attempt)));
  }
}

/** The order-received e-mail; its outcome is recorded on the order, and a failure never loses the order. */
async function sendOrderReceived({ order }: PlaceOrderResponse, now: Date): Promise<void> {
  const instructions = order.instructions;
  let record: OrderEmailRecord;
  try {
    await sendTemplatedMail(order.email, 'order-received', {
      nome: order.firstName,
      numero: order.orderNumber,
      linhas: order.lines.map((line) => ({ nome: line.name, quantidade: line.quantity, preco: formatCents(line.unitPriceCents), total: formatCents(line.lineTotalCents) })),
      subtotal: formatCents(order.subtotalCents),
      desconto: formatCents(order.discountCents),
      portes: order.shippingCents === 0 ? 'Grátis' : formatCents(order.shippingCents),
      total: formatCents(order.totalCents),
      metodo: PAYMENT_METHOD_LABELS[order.paymentMethod],
      instrucoes: messages.payment.instructionsText(instructions),
    });
    record = { kind: 'order-received', status: 'sent', at: now.toISOString() };
  } catch (error) {
    logger.error('order-received e-mail failed', { orderId: order.id, error: error as Error });
    record = { kind: 'order-received', status: 'failed', at: now.toISOString(), error: error instanceof Error ? error.message.slice(0, 300) : String(error) };
  }
  await appendOrderEmail(order.id, record).catch((error: unknown) => logger.error('could not record e-mail outcome', { orderId: order.id, error: error as Error }));
}
