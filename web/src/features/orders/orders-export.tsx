/**
 * "Exportar para o contabilista": the orders (their lines, or the movements of their money: payments,
 * refunds, fees, with totals per method) of a range of days as a CSV file that
 * Portuguese Excel opens as it is. The file comes through the signed-in API call and is saved by the
 * browser with the name the server gives (`exportFileName`: what it holds, its days and statuses).
 */
import { useState } from 'react';
import { dayKey } from '#shared/dates.ts';
import { ORDER_STATUSES, ORDER_STATUS_INFO } from '#shared/order-status.ts';
import { exportFileName, fieldErrors, ordersExportQuerySchema, type ExportKind } from '#shared/schemas/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { saveCsvFile } from '#web/lib/admin/save-file.ts';

const t = texts.ordersExport;

/** The status choice that asks for every status (the API's default, no `status`, is the paid ones). */
const ALL = 'todos';

export function OrdersExport() {
  const api = useAdminApi();
  const today = dayKey(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  // '' = the paid orders (the accountant's sales, the API's default), ALL, or one status.
  const [status, setStatus] = useState('');
  const action = useAction<ExportKind>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const download = (kind: ExportKind) => {
    const statuses = status === ALL ? ORDER_STATUSES.join(',') : status;
    const parsed = ordersExportQuerySchema.safeParse({ from, to, kind, ...(statuses ? { status: statuses } : {}) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error) as Record<string, string>);
    setErrors({});
    void action.run(
      async () => saveCsvFile(await api.exportOrders(parsed.data), exportFileName(parsed.data)),
      (error) => errorMessage(error, t.failed),
      { key: kind },
    );
  };

  return (
    <details className="adm-panel adm-export">
      <summary className="adm-strong">{t.title}</summary>
      <p className="adm-small muted">{t.hint}</p>
      <div className="adm-inline-form">
        <TextField
          label={t.from}
          type="date"
          name="exportFrom"
          value={from}
          error={errors.from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField label={t.to} type="date" name="exportTo" value={to} error={errors.to} onChange={(e) => setTo(e.target.value)} />
        <SelectField label={t.status} name="exportStatus" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t.paidStatuses}</option>
          <option value={ALL}>{t.allStatuses}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_INFO[value].label}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="adm-inline-form">
        <button type="button" className="button button--small" disabled={action.busy} onClick={() => download('orders')}>
          {action.running === 'orders' ? t.working : t.orders}
        </button>
        <button type="button" className="button button--small button--secondary" disabled={action.busy} onClick={() => download('lines')}>
          {action.running === 'lines' ? t.working : t.lines}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={action.busy}
          onClick={() => download('movements')}
        >
          {action.running === 'movements' ? t.working : t.movements}
        </button>
      </p>
      <ActionFeedback notice={action.notice} />
    </details>
  );
}
