/**
 * A new order as its transaction writes it (`services/orders.ts`): the order's item, what it holds and
 * until when, and every other write of the same transaction.
 */
import type { OrderLine } from '#shared/api.ts';
import type { PlaceOrderInput } from '#shared/schemas/index.ts';
import { holdMinutesFor, type ShopSettings } from '#shared/settings.ts';
import { clientAddressKey, emailKey, phoneKey } from '#shared/identity-keys.ts';
import type { PaymentMethodId } from '#shared/payment-methods.ts';
import { PROOF_STATUS, type RESERVED_STATUS } from '#shared/order-status.ts';
import { putOrderItem, toOrder, ORDER_LISTING, type OrderItem } from '../repositories/orders.ts';
import { claimProofItem } from '../repositories/order-proofs.ts';
import { orderSearchItems } from '../repositories/order-search.ts';
import type { TransactionItem } from '../repositories/transactions.ts';
import { holdCounterName, takeHoldItem } from '../repositories/holds.ts';
import type { takeCodeUseItems } from '../repositories/discount-codes.ts';
import { takeOrderStock } from './order-stock.ts';
import { newOrderCountItems } from './counters.ts';
import type { MbWaySlot, newProviderPayment } from './payments.ts';
import { CUSTOMER } from './order-lifecycle.ts';
import { paidOrderMailItems, reservationMailItem } from './order-mail.ts';
import { openReservationWrite, type OpenReservationCheck } from './open-reservation.ts';
import type { ClaimedProof } from './proof-claims.ts';
import type { CodedOrder } from './discount-codes.ts';
import { giftOf, pricedMoney } from './order-money.ts';

/**
 * What a new order holds and against which counters: its units, against its client address, e-mail
 * and phone (each by its key, `#shared/identity-keys.ts`).
 */
export function orderHold(
  shipping: PlaceOrderInput['shipping'],
  clientAddress: string,
  orderLines: readonly OrderLine[],
): { keys: string[]; units: number } {
  const keys = [
    holdCounterName('address', clientAddressKey(clientAddress)),
    holdCounterName('email', emailKey(shipping.email)),
    holdCounterName('phone', phoneKey(shipping.phone)),
  ];
  return { keys, units: orderLines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** When a reservation paid with `method` made at `now` expires: the method's minutes of the settings. */
export function reservationExpiry(settings: ShopSettings, method: PaymentMethodId, now: Date): string {
  return new Date(now.getTime() + holdMinutesFor(settings.holdMinutes, method) * 60_000).toISOString();
}

/** The invoice's customer (docs/invoices.md): the NIF given at checkout, with the company's name; nothing without a NIF. */
export function invoiceCustomerOf(input: PlaceOrderInput): { nif?: string; companyName?: string } {
  return input.nif ? { nif: input.nif, ...(input.companyName ? { companyName: input.companyName } : {}) } : {};
}

/** What a new order's item is made of besides its number, access token and MB WAY slot: the same on every try. */
export interface OrderDraft {
  readonly input: PlaceOrderInput;
  readonly shipping: Omit<PlaceOrderInput['shipping'], 'acceptTerms'>;
  readonly priced: CodedOrder;
  readonly settings: ShopSettings;
  readonly now: Date;
  readonly status: typeof PROOF_STATUS | typeof RESERVED_STATUS;
  readonly month: string;
  readonly proof: ClaimedProof | undefined;
  readonly providerPayment: ReturnType<typeof newProviderPayment>;
  readonly hold: { keys: string[]; units: number };
  readonly codeUse: ReturnType<typeof takeCodeUseItems> | undefined;
  readonly open: OpenReservationCheck | undefined;
  readonly clientAddress: string;
}

/** The item of a new order: its reservation (or proof), money, hold and the first entry of its timeline. */
export function newOrderItem(draft: OrderDraft, orderNumber: number, accessTokenHash: string, slot: MbWaySlot | undefined): OrderItem {
  const { input, shipping, priced, settings, now, status, month, proof, providerPayment, hold, clientAddress } = draft;
  return {
    id: String(orderNumber),
    orderNumber,
    status,
    createdAt: now.toISOString(),
    timestamp: Math.floor(now.getTime() / 1000),
    ...shipping,
    ...(slot ? { mbwayNumber: slot.number, mbwayMonth: month, ...(slot.live ? { mbwayLive: true } : {}) } : {}),
    lines: priced.lines,
    ...pricedMoney(priced, draft.codeUse?.keys, giftOf(input, settings)),
    ...(proof
      ? { proofKey: proof.key, proofContentType: proof.contentType }
      : { expiresAt: reservationExpiry(settings, input.shipping.paymentMethod, now) }),
    ...(providerPayment ? { providerPayment } : {}),
    ...invoiceCustomerOf(input),
    holdKeys: hold.keys,
    holdUnits: hold.units,
    accessTokenHash,
    clientKey: clientAddressKey(clientAddress),
    emails: [],
    timeline: [{ at: now.toISOString(), kind: 'reserved', to: status, by: CUSTOMER }],
    listing: ORDER_LISTING,
  };
}

/**
 * The writes of a new order's transaction: the order, its stock, MB WAY slot, proof, hold, code use,
 * idempotency record (`claim`), counts, search terms, first e-mails and the open reservation's record.
 */
export function newOrderWrites(
  order: OrderItem,
  draft: OrderDraft,
  slot: MbWaySlot | undefined,
  claim: TransactionItem,
): TransactionItem[] {
  const { priced, settings, now, status, proof, providerPayment, hold, codeUse, open } = draft;
  const items: TransactionItem[] = [putOrderItem(order), ...takeOrderStock(order.id, priced.lines, now), ...(slot ? [slot.item] : [])];
  if (proof) items.push(claimProofItem(proof.key, order.id, now));
  items.push(...hold.keys.map((name) => takeHoldItem(name, hold.units, settings.holdCaps)));
  if (codeUse) items.push(...codeUse.items);
  items.push(claim);
  items.push(...newOrderCountItems(order));
  // Found by the back-office search under the customer's name, e-mail, phone and the number.
  items.push(...orderSearchItems(order));
  // The order-received e-mail confirms the proof too: a reservation gets it when its proof arrives.
  if (status === PROOF_STATUS) items.push(...paidOrderMailItems(toOrder(order), now));
  // A reservation mails how and until when to pay, with the order's link (a provider's: once its payment is made).
  else if (!providerPayment) items.push(reservationMailItem(toOrder(order), now, settings.payments));
  if (open && order.expiresAt) items.push(openReservationWrite(open, order.id, order.expiresAt, now));
  return items;
}
