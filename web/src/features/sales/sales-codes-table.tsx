/**
 * The sales view's discount codes (docs/discount-codes.md): per code, the money its orders kept, its
 * sales, what it gave away and its uses in the range — the influencer's return. A card per code on a phone.
 */
import { formatCents } from '#shared/money.ts';
import type { SalesResponse } from '#shared/sales.ts';
import { discountCodeAdminTexts } from '#shared/messages/index.ts';

const t = discountCodeAdminTexts.sales;

export function CodesTable({ sales }: { readonly sales: SalesResponse }) {
  return (
    <>
      <h2 className="adm-section-title">{t.title}</h2>
      {sales.codes.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table adm-table--cards" data-testid="sales-codes">
            <caption className="visually-hidden">{t.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t.code}</th>
                <th scope="col" className="adm-num">
                  {t.revenue}
                </th>
                <th scope="col" className="adm-num">
                  {t.orders}
                </th>
                <th scope="col" className="adm-num">
                  {t.discount}
                </th>
                <th scope="col" className="adm-num">
                  {t.uses}
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.codes.map((code) => (
                <tr key={code.code} data-code={code.code}>
                  <th scope="row">
                    <code>{code.code}</code>
                  </th>
                  <td className="adm-num" data-label={t.revenue}>
                    {formatCents(code.revenueCents)}
                  </td>
                  <td className="adm-num" data-label={t.orders}>
                    {code.orders}
                  </td>
                  <td className="adm-num" data-label={t.discount}>
                    {formatCents(code.discountCents)}
                  </td>
                  <td className="adm-num" data-label={t.uses}>
                    {code.uses}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="adm-small muted">{t.hint}</p>
    </>
  );
}
