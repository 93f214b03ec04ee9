import type { PaymentMethodInfo } from '../../../../shared/api.ts';
import { api } from '../../lib/api.ts';
import { useLoad, type LoadState } from '../../lib/use-load.ts';

/** GET /api/payment-methods: the methods, whether MB WAY is available this month, and the instructions. */
export function usePaymentMethods(): [LoadState<readonly PaymentMethodInfo[]>, () => void] {
  const [state, retry] = useLoad(() => api.paymentMethods(), []);
  return [state, retry];
}
