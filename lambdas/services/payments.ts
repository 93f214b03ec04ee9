/**
 * Payment methods and their instructions. The values come from the deployment's settings (stack
 * parameters in the cloud, demo values in the twin), read once per function instance; MB WAY
 * availability comes from this month's counters.
 */
import type { PaymentMethodInfo } from '../../shared/api.ts';
import type { PaymentInstructions } from '../../shared/payment-methods.ts';
import { chooseMbWayNumber, monthKey, type MbWayNumber } from '../../shared/mb-way.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS, type PaymentMethodId } from '../../shared/payment-methods.ts';
import { PAYMENT_ENV, type PaymentSettings } from '../contracts/env.ts';
import { setting } from '../repositories/clients.ts';
import { getMbWayCounters } from '../repositories/mbway-counters.ts';

let settings: PaymentSettings | undefined;

function paymentSettings(): PaymentSettings {
  settings ??= Object.fromEntries(Object.entries(PAYMENT_ENV).map(([key, envVar]) => [key, setting(envVar)])) as unknown as PaymentSettings;
  return settings;
}

/** The instructions of a method; for MB WAY, of the number the order was given. */
export function instructionsFor(method: PaymentMethodId, mbwayNumber?: MbWayNumber): PaymentInstructions {
  const s = paymentSettings();
  switch (method) {
    case 'mbway':
      return { method, phone: mbwayNumber === 2 ? s.mbwayPhone2 : s.mbwayPhone1 };
    case 'transferencia':
      return { method, iban: s.iban, holder: s.ibanHolder };
    case 'paypal':
      return { method, handle: s.paypal };
    case 'revolut':
      return { method, handle: s.revolut };
  }
}

export async function paymentMethods(now = new Date()): Promise<PaymentMethodInfo[]> {
  const mbwayNumber = chooseMbWayNumber(await getMbWayCounters(monthKey(now)));
  return PAYMENT_METHOD_IDS.map((id) => {
    const available = id !== 'mbway' || mbwayNumber !== null;
    return {
      id,
      label: PAYMENT_METHOD_LABELS[id],
      available,
      ...(available ? { instructions: instructionsFor(id, mbwayNumber ?? undefined) } : {}),
    };
  });
}
