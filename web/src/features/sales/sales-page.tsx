/**
 * {prefix}/vendas, "Vendas" (docs/sales.md): for a range of Lisbon days grouped by day, week or month,
 * what the shop kept (paid less refunded, from the orders' ledgers), the orders, the average basket, a
 * chart of it with its numbers as a table, the best pieces and the money per method; "Descarregar CSV"
 * saves the same figures for Excel (`GET /api/admin/sales/export`, the same query).
 */
import { useState, type FormEvent } from 'react';
import { formatCents } from '#shared/money.ts';
import { SALES_GROUPINGS, type SalesGrouping } from '#shared/schemas/sales-query.ts';
import type { SalesResponse } from '#shared/sales.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { salesCsvTexts } from '#shared/messages/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { saveCsvFile } from '#web/lib/admin/save-file.ts';
import { useAction } from '#web/lib/use-submit.ts';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { AdminPage, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { SalesChart } from './sales-chart.tsx';
import { presetRanges, type SalesRange } from './sales-range.ts';
import { MethodsTable, PeriodsTable, TopPiecesTable } from './sales-tables.tsx';
import { CodesTable } from './sales-codes-table.tsx';
import { salesTexts as t } from './sales-texts.ts';
import './sales.css';

function RangeForm({ range, onChange }: { readonly range: SalesRange; readonly onChange: (range: SalesRange) => void }) {
  const [draft, setDraft] = useState(range);
  const presets = presetRanges();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  const choose = (next: SalesRange) => {
    setDraft(next);
    onChange(next);
  };
  return (
    <form className="sales-range" onSubmit={submit} aria-label={t.title}>
      <label className="field">
        <span>{t.from}</span>
        <input type="date" required value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} name="from" />
      </label>
      <label className="field">
        <span>{t.to}</span>
        <input type="date" required value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} name="to" />
      </label>
      <label className="field">
        <span>{t.by}</span>
        <select value={draft.by} onChange={(e) => setDraft({ ...draft, by: e.target.value as SalesGrouping })} name="by">
          {SALES_GROUPINGS.map((by) => (
            <option key={by} value={by}>
              {t.groupings[by]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        {t.show}
      </button>
      <div className="sales-presets" role="group" aria-label={t.presets.label}>
        {(['days30', 'weeks12', 'months12'] as const).map((key) => (
          <button key={key} type="button" className="button button--secondary button--small" onClick={() => choose(presets[key])}>
            {t.presets[key]}
          </button>
        ))}
      </div>
    </form>
  );
}

function Totals({ sales }: { readonly sales: SalesResponse }) {
  const cards = [
    [t.revenue, formatCents(sales.totals.revenueCents), 'revenue'],
    [t.orders, String(sales.totals.orders), 'orders'],
    [t.averageBasket, formatCents(sales.totals.averageBasketCents), 'basket'],
    [t.refunded, formatCents(sales.totals.refundedCents), 'refunded'],
  ] as const;
  return (
    <ul className="adm-cards sales-totals" aria-label={t.totalsTitle}>
      {cards.map(([label, value, id]) => (
        <li key={id} className="adm-card" data-testid={`sales-${id}`}>
          <span className="adm-card-value">{value}</span>
          <span className="adm-card-label">{label}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Descarregar CSV": the figures of the range shown, as the server sums them, saved for Excel. */
function SalesCsvButton({ range }: { readonly range: SalesRange }) {
  const api = useAdminApi();
  const action = useAction();
  const download = () =>
    void action.run(
      async () => saveCsvFile(await api.exportSales(range), salesCsvTexts.fileName(range.from, range.to, range.by)),
      (error) => errorMessage(error, salesCsvTexts.failed),
    );
  return (
    <div className="sales-csv">
      <button type="button" className="button button--secondary button--small" disabled={action.busy} onClick={download}>
        {action.busy ? salesCsvTexts.working : salesCsvTexts.download}
      </button>
      <ActionFeedback notice={action.notice} />
    </div>
  );
}

export function SalesPage() {
  const [range, setRange] = useState<SalesRange>(() => presetRanges().days30);
  const { state, reload } = useLoad((api) => api.sales(range), [range.from, range.to, range.by]);
  return (
    <AdminPage title={t.title}>
      <p className="muted">{t.intro}</p>
      <RangeForm key={`${range.from}|${range.to}|${range.by}`} range={range} onChange={setRange} />
      <LoadView state={state} onRetry={reload}>
        {(sales) => (
          <div className="sales-page">
            <h2 className="adm-section-title">{t.rangeLabel(sales.from, sales.to)}</h2>
            <SalesCsvButton range={{ from: sales.from, to: sales.to, by: sales.by }} />
            <Totals sales={sales} />
            {sales.totals.paidCents === 0 && <p className="muted">{t.empty}</p>}
            <SalesChart periods={sales.periods} by={sales.by} />
            <h2 className="adm-section-title">{t.tableTitle}</h2>
            <PeriodsTable sales={sales} />
            <h2 className="adm-section-title">{t.topTitle}</h2>
            <TopPiecesTable sales={sales} />
            <p className="adm-small muted">{t.topHint}</p>
            <h2 className="adm-section-title">{t.methodsTitle}</h2>
            <MethodsTable sales={sales} />
            <CodesTable sales={sales} />
          </div>
        )}
      </LoadView>
    </AdminPage>
  );
}
