/**
 * Payment methods and their instructions, from the shop's settings (`services/settings.ts`: edited on
 * the back-office's "Definições", no deploy); MB WAY availability from this month's counters and the
 * monthly limits of the settings. A method whose instructions are empty is not offered.
 */
import type { PaymentMethodsResponse } from '#shared/api.ts';
import { offeredWrapCents } from '#shared/gift.ts';
import { chooseMbWayNumber, mbWayCounter, monthKey, reservationMbWayNumber, type MbWayLimits, type MbWayNumber } from '#shared/mb-way.ts';
import { checkoutTexts } from '#shared/messages/index.ts';
import {
  methodOffered,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHOD_LABELS,
  type PaymentInstructions,
  type PaymentMethodId,
} from '#shared/payment-methods.ts';
import { holdMinutesFor, type PaymentSettings, type ShopSettings } from '#shared/settings.ts';
import { PROVIDER_METHODS, providerTakes, type ProviderMethod, type ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { Conflict } from '../errors.ts';
import { countMbWayLiveItem, countMbWayOrderItem, getMbWayCounters } from '../repositories/mbway-counters.ts';
import type { TransactionItem } from '../repositories/transactions.ts';
import { shopSettings } from './settings.ts';

/** The instructions of a method; for MB WAY, of the number the order was given. */
export function instructionsFor(payments: PaymentSettings, method: PaymentMethodId, mbwayNumber?: MbWayNumber): PaymentInstructions {
  switch (method) {
    case 'mbway':
      return { method, phone: mbwayNumber === 2 ? payments.mbwayPhone2 : payments.mbwayPhone1 };
    case 'multibanco':
      return { method, automatic: true };
    case 'transferencia':
      return { method, iban: payments.iban, holder: payments.ibanHolder };
    case 'paypal':
      return { method, handle: payments.paypal };
    case 'revolut':
      return { method, handle: payments.revolut };
  }
}

/**
 * Whether the payment provider takes `method` now (docs/design.md §34): "Pagamentos automáticos" on for
 * it and the keys saved. Automatic MB WAY replaces the manual numbers and their monthly rotation.
 */
export function byProvider(settings: ShopSettings, method: PaymentMethodId): boolean {
  return (PROVIDER_METHODS as readonly string[]).includes(method) && providerTakes(settings.automaticPayments, method as ProviderMethod);
}

/** Whether a customer can choose `method` now: the provider takes it, or the owner gave what a manual payment needs. */
export function methodAvailable(settings: ShopSettings, method: PaymentMethodId): boolean {
  return byProvider(settings, method) || methodOffered(settings.payments, method);
}

/**
 * A new order's provider payment, when the provider takes its method: `starting`, until the payments
 * consumer of the orders stream starts it and mails the reservation (`services/provider-payments.ts`).
 */
export function newProviderPayment(settings: ShopSettings, method: PaymentMethodId): ProviderPaymentRecord | undefined {
  return byProvider(settings, method) ? { provider: 'stripe', method: method as ProviderMethod, status: 'starting' } : undefined;
}

/** The monthly MB WAY limits in force: a number left empty takes no order. */
export function mbwayLimitsInForce(settings: ShopSettings): MbWayLimits {
  return {
    number1: settings.payments.mbwayPhone1 ? settings.mbwayLimits.number1 : 0,
    number2: settings.payments.mbwayPhone2 ? settings.mbwayLimits.number2 : 0,
  };
}

export async function paymentMethods(now = new Date()): Promise<PaymentMethodsResponse> {
  const settings = await shopSettings(now.getTime());
  // Live reservations choose the number shown, but only paid orders can make MB WAY unavailable.
  const mbwayNumber = reservationMbWayNumber(await getMbWayCounters(monthKey(now)), mbwayLimitsInForce(settings));
  const methods = PAYMENT_METHOD_IDS.map((id) => {
    // The provider's methods need no number of the month: the request goes to the customer's own phone.
    if (byProvider(settings, id))
      return {
        id,
        label: PAYMENT_METHOD_LABELS[id],
        available: true,
        holdMinutes: holdMinutesFor(settings.holdMinutes, id),
        instructions: { method: id as ProviderMethod, automatic: true } as const,
      };
    const available = methodOffered(settings.payments, id) && (id !== 'mbway' || mbwayNumber !== null);
    return {
      id,
      label: PAYMENT_METHOD_LABELS[id],
      available,
      holdMinutes: holdMinutesFor(settings.holdMinutes, id),
      ...(available ? { instructions: instructionsFor(settings.payments, id, mbwayNumber ?? undefined) } : {}),
    };
  });
  // The checkout offers a gift wrap only while the settings do, at their price (docs/gifts.md).
  const wrap = offeredWrapCents(settings.giftWrap);
  return { methods, ...(wrap === undefined ? {} : { giftWrapCents: wrap }) };
}

/** An MB WAY order's slot of the month: its number, the counter item its transaction writes, and whether it is a live (unpaid) hold. */
export interface MbWaySlot {
  readonly number: MbWayNumber;
  readonly item: TransactionItem;
  readonly live: boolean;
}

/**
 * The slot of a new MB WAY order, or the spec's refusal when the month's paid orders fill both numbers.
 * `paid` (it comes with its proof): a paid slot, counted under the monthly limit in its transaction;
 * else a live reservation on the number with more room (`reservationMbWayNumber`).
 */
export async function mbwaySlot(month: string, limits: MbWayLimits, paid: boolean): Promise<MbWaySlot> {
  const counters = await getMbWayCounters(month);
  const number = paid ? chooseMbWayNumber(counters, limits) : reservationMbWayNumber(counters, limits);
  if (number === null)
    throw new Conflict(checkoutTexts.mbwayUnavailable, 'mbway_unavailable', { 'shipping.paymentMethod': checkoutTexts.mbwayUnavailable });
  const counter = mbWayCounter(number, limits);
  return { number, live: !paid, item: paid ? countMbWayOrderItem(month, counter) : countMbWayLiveItem(month, counter) };
}
