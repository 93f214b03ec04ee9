/**
 * {prefix}/imprimir?ids=…: the packing slips of the orders chosen in the list, one per A4 page, shown
 * on screen as they will print, with the button that prints them; a gift order's gift slip (no prices,
 * docs/gifts.md) follows its packing slip.
 */
import { useSearchParams } from '#web/lib/router.tsx';
import { ordersListReturn } from '#web/lib/admin/admin-paths.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { PackingSlip } from '#web/ui/admin/packing-slip.tsx';
import { GiftSlip } from '#web/ui/admin/gift-slip.tsx';
import { AdminPage, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.packingSlip;
const ORDER_ID = /^\d{6}$/;
/** At most this many slips at once (one request each). */
const MAX_SLIPS = 50;

export function PrintOrdersPage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .filter((id) => ORDER_ID.test(id))
    .slice(0, MAX_SLIPS);
  const { state, reload } = useLoad(
    async (api) => {
      const orders = [];
      for (const id of ids) orders.push((await api.order(id)).order);
      return orders;
    },
    [ids.join(',')],
  );
  return (
    <AdminPage title={t.printTitle(ids.length)} back={{ to: ordersListReturn(), label: texts.order.backToList }}>
      <LoadView state={state} onRetry={reload}>
        {(orders) => (
          <>
            <p className="adm-screen-only">
              <button type="button" className="button" onClick={() => window.print()}>
                {t.printAll(orders.length)}
              </button>
            </p>
            <div className="adm-slips">
              {orders.flatMap((order) => [
                <PackingSlip key={order.id} order={order} shown />,
                <GiftSlip key={`${order.id}-gift`} order={order} shown />,
              ])}
            </div>
          </>
        )}
      </LoadView>
    </AdminPage>
  );
}
