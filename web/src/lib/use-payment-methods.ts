import type { PaymentMethodsResponse } from '#shared/api.ts';
import { api } from './api.ts';
import { useLoad, type LoadState } from './use-load.ts';

/**
 * GET /api/payment-methods: the methods the shop takes now (from its settings), whether MB WAY is
 * available this month, the instructions, and how long a reservation holds.
 */
export function usePaymentMethods(): [LoadState<PaymentMethodsResponse>, () => void] {
  const [state, retry] = useLoad(() => api.paymentMethods(), []);
  return [state, retry];
}
