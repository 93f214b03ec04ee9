/**
 * Payment methods and their instructions, from the shop's settings (`services/settings.ts`: edited on
 * the back-office's "Definições", no deploy); MB WAY availability from this month's counters and the
 * monthly limits of the settings. A method whose instructions are empty is not offered.
 */
import type { PaymentMethodsResponse } from '#shared/api.ts';
import { chooseMbWayNumber, monthKey, type MbWayLimits, type MbWayNumber } from '#shared/mb-way.ts';
import { methodOffered, PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS, type PaymentInstructions, type PaymentMethodId } from '#shared/payment-methods.ts';
import type { PaymentSettings, ShopSettings } from '#shared/settings.ts';
import { getMbWayCounters } from '../repositories/mbway-counters.ts';
import { shopSettings } from './settings.ts';

/** The instructions of a method; for MB WAY, of the number the order was given. */
export function instructionsFor(payments: PaymentSettings, method: PaymentMethodId, mbwayNumber?: MbWayNumber): PaymentInstructions {
  switch (method) {
    case 'mbway':
      return { method, phone: mbwayNumber === 2 ? payments.mbwayPhone2 : payments.mbwayPhone1 };
    case 'transferencia':
      return { method, iban: payments.iban, holder: payments.ibanHolder };
    case 'paypal':
      return { method, handle: payments.paypal };
    case 'revolut':
      return { method, handle: payments.revolut };
  }
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
  const mbwayNumber = chooseMbWayNumber(await getMbWayCounters(monthKey(now)), mbwayLimitsInForce(settings));
  const methods = PAYMENT_METHOD_IDS.map((id) => {
    const available = methodOffered(settings.payments, id) && (id !== 'mbway' || mbwayNumber !== null);
    return {
      id,
      label: PAYMENT_METHOD_LABELS[id],
      available,
      ...(available ? { instructions: instructionsFor(settings.payments, id, mbwayNumber ?? undefined) } : {}),
    };
  });
  return { methods, reservationHours: settings.reservationHours };
}
