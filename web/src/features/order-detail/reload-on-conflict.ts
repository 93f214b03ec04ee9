/**
 * A form of one order's page refused because the order changed meanwhile (409: another tab, the
 * provider, the expiry job): the page shows the order as it is now, read again, beside the refusal.
 */
import type { Order } from '#shared/api.ts';
import type { AdminApi } from '#web/lib/admin/admin-api.ts';
import { ApiError } from '#web/lib/api.ts';

/** The `onFailed` of such a form: on a 409, reads the order again and hands it to `onOrder`. */
export function reloadOnConflict(api: AdminApi, orderId: string, onOrder: (order: Order) => void): (failure: unknown) => void {
  return (failure) => {
    if (failure instanceof ApiError && failure.status === 409)
      api
        .order(orderId)
        .then((detail) => onOrder(detail.order))
        .catch(() => undefined);
  };
}
