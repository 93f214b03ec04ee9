/**
 * After a failed automatic payment, the manual method the page shows is the customer's choice
 * (docs/payment-switch.md): the first one shown is recorded once (`POST /api/orders/{id}/payment-method`),
 * and the order the server answers (the new deadline, the chosen method) replaces the page's. A method
 * picked after that is the proof's (`method` of the proof, as before); the deadline stays the first choice's.
 */
import { useRef, useState } from 'react';
import type { CustomerOrder } from '#shared/api.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import { api, ApiError } from '#web/lib/api.ts';
import type { ProviderView } from '#web/lib/provider-payment.ts';

export interface MethodSwitch {
  /** The manual method shown now (undefined until the panel shows one), else the one the order recorded. */
  readonly method: ProofMethod | undefined;
  /** What the manual panel reports: the method it shows. */
  readonly show: (method: ProofMethod) => void;
  /** The choice could not be recorded (the page still shows the deadline the order has). */
  readonly failed: boolean;
}

export function useMethodSwitch(
  order: CustomerOrder,
  token: string,
  view: ProviderView | undefined,
  onOrder: (order: CustomerOrder) => void,
): MethodSwitch {
  const [shown, setShown] = useState<ProofMethod | undefined>();
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);
  const record = async (method: ProofMethod) => {
    try {
      onOrder((await api.choosePaymentMethod(order.id, token, method)).order);
    } catch (error) {
      console.warn('Recording the manual method failed', error);
      // Refused (chosen in another tab, paid, closed): the order as it is now says what is true.
      if (error instanceof ApiError && error.status === 409) onOrder(await api.customerOrder(order.id, token).catch(() => order));
      else setFailed(true);
    }
  };
  const show = (method: ProofMethod) => {
    setShown(method);
    if (asked.current || order.manualMethod || view?.kind !== 'failed') return;
    asked.current = true;
    void record(method);
  };
  return { method: shown ?? order.manualMethod, show, failed };
}
