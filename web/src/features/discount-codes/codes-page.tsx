/**
 * {prefix}/codigos-desconto: "Códigos de desconto" (docs/discount-codes.md): every code with its
 * discount, dates, uses and note; create one, edit, pause or resume, delete one no order holds.
 * On a phone each row reads as a card (`adm-table--cards`).
 */
import { useState } from 'react';
import { codeTiming, wallTimeText, type DiscountCodeView } from '#shared/discount-codes.ts';
import { discountCodeAdminTexts as t } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { PRODUCT_TYPE_INFO } from '#shared/product-types.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { useAction, type Notice } from '#web/lib/use-submit.ts';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { AdminPage, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { CodeForm, inputOf } from './code-form.tsx';
import './codes.css';

/** What a code takes off, in words: "10 %", "5,00 €", "Portes grátis". */
export function discountText(code: Pick<DiscountCodeView, 'type' | 'percent' | 'amountCents'>): string {
  if (code.type === 'percent') return `${code.percent ?? 0} %`;
  if (code.type === 'amount') return formatCents(code.amountCents ?? 0);
  return t.typeLabels.freeShipping;
}

/** Where a code applies and from what amount, in words. */
function conditionsText(code: DiscountCodeView): string {
  const scope = [...(code.collections ?? []), ...(code.types ?? []).map((type) => PRODUCT_TYPE_INFO[type].listingLabel)];
  return [
    scope.length > 0 ? scope.join(', ') : t.scopeAll,
    code.minOrderCents ? `≥ ${formatCents(code.minOrderCents)}` : '',
    code.appliesToDiscounted ? '' : 'sem peças em promoção',
  ]
    .filter(Boolean)
    .join(' · ');
}

function statusText(code: DiscountCodeView, now: Date): string {
  const timing = codeTiming(code, now);
  if (timing === 'paused') return t.statusPaused;
  if (timing === 'scheduled') return t.statusScheduled;
  if (timing === 'ended') return t.statusEnded;
  return code.maxUses !== undefined && code.uses >= code.maxUses ? t.statusUsedUp : t.statusActive;
}

export function DiscountCodesPage() {
  const { state, reload } = useLoad(
    (api) =>
      Promise.all([api.discountCodes(), api.collections()]).then(([codes, collections]) => ({
        codes: codes.codes,
        collections: collections.collections.map((c) => c.name),
      })),
    [],
  );
  const [editing, setEditing] = useState<DiscountCodeView | 'new' | undefined>();
  const [notice, setNotice] = useState<Notice>();
  const done = (next: Notice) => {
    setNotice(next);
    if (next.kind === 'success') {
      setEditing(undefined);
      reload();
    }
  };
  return (
    <AdminPage
      title={t.title}
      actions={
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t.newCode}
        </button>
      }
    >
      <p className="muted codes-lead">{t.lead}</p>
      <ActionFeedback notice={notice} />
      <LoadView state={state} onRetry={reload}>
        {({ codes, collections }) => (
          <>
            {editing && (
              <CodeForm
                key={editing === 'new' ? 'new' : editing.code}
                code={editing === 'new' ? undefined : editing}
                collections={collections}
                onDone={done}
                onCancel={() => setEditing(undefined)}
              />
            )}
            {codes.length === 0 ? <p className="adm-empty">{t.empty}</p> : <CodesTable codes={codes} onEdit={setEditing} onDone={done} />}
          </>
        )}
      </LoadView>
    </AdminPage>
  );
}

function CodesTable(props: {
  readonly codes: readonly DiscountCodeView[];
  readonly onEdit: (code: DiscountCodeView) => void;
  readonly onDone: (notice: Notice) => void;
}) {
  const now = new Date();
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards codes-table" data-testid="codes-table">
        <caption className="visually-hidden">{t.title}</caption>
        <thead>
          <tr>
            <th scope="col">{t.code}</th>
            <th scope="col">{t.type}</th>
            <th scope="col">Validade</th>
            <th scope="col" className="adm-num">
              {t.uses}
            </th>
            <th scope="col">Estado</th>
            <th scope="col">{t.note}</th>
            <th scope="col">
              <span className="visually-hidden">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.codes.map((code) => (
            <CodeRow key={code.code} code={code} now={now} onEdit={props.onEdit} onDone={props.onDone} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A code's actions in its row: edit, pause or resume, and remove (after a confirmation). */
function CodeActions({
  code,
  onEdit,
  onDone,
}: {
  readonly code: DiscountCodeView;
  readonly onEdit: (code: DiscountCodeView) => void;
  readonly onDone: (notice: Notice) => void;
}) {
  const api = useAdminApi();
  const action = useAction<'pause' | 'delete'>();
  const [confirming, setConfirming] = useState(false);
  const toggle = () =>
    void action.run(
      async () => {
        await api.updateDiscountCode(code.code, { ...inputOf(code), active: !code.active });
        onDone({ kind: 'success', lines: [t.saved(code.code)] });
      },
      (failure) => errorMessage(failure),
      { key: 'pause' },
    );
  const remove = () =>
    void action.run(
      async () => {
        await api.deleteDiscountCode(code.code);
        onDone({ kind: 'success', lines: [t.removed(code.code)] });
      },
      (failure) => {
        setConfirming(false);
        return errorMessage(failure);
      },
      { key: 'delete' },
    );
  return (
    <td className="adm-row-action">
      <div className="codes-actions">
        <button type="button" className="button button--small button--secondary" disabled={action.busy} onClick={() => onEdit(code)}>
          {t.edit}
        </button>
        <button type="button" className="button button--small button--secondary" disabled={action.busy} onClick={toggle}>
          {code.active ? t.pause : t.resume}
        </button>
        {confirming ? (
          <>
            <span>{t.confirmRemove(code.code)}</span>
            <button type="button" className="button button--small" disabled={action.busy} onClick={remove}>
              {t.remove}
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={action.busy}
              onClick={() => setConfirming(false)}
            >
              {t.cancel}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={action.busy}
            onClick={() => setConfirming(true)}
          >
            {t.remove}
          </button>
        )}
      </div>
      <ActionFeedback notice={action.notice} />
    </td>
  );
}

function CodeRow({
  code,
  now,
  onEdit,
  onDone,
}: {
  readonly code: DiscountCodeView;
  readonly now: Date;
  readonly onEdit: (code: DiscountCodeView) => void;
  readonly onDone: (notice: Notice) => void;
}) {
  const validity =
    [code.startsAt ? `de ${wallTimeText(code.startsAt)}` : '', code.endsAt ? `até ${wallTimeText(code.endsAt)}` : '']
      .filter(Boolean)
      .join(' ') || 'sempre';
  return (
    <tr data-code={code.code}>
      <td data-label={t.code}>
        <code className="adm-strong">{code.code}</code>
      </td>
      <td data-label={t.type}>
        {discountText(code)}
        <span className="muted codes-conditions">{conditionsText(code)}</span>
      </td>
      <td data-label="Validade">{validity}</td>
      <td className="adm-num" data-label={t.uses}>
        {code.uses}
        {code.maxUses !== undefined ? ` / ${code.maxUses}` : ''}
        {code.maxUsesPerCustomer !== undefined && (
          <span className="muted codes-conditions">{`${code.maxUsesPerCustomer} por cliente`}</span>
        )}
      </td>
      <td data-label="Estado">{statusText(code, now)}</td>
      <td data-label={t.note} className="codes-note">
        {code.note ?? ''}
      </td>
      <CodeActions code={code} onEdit={onEdit} onDone={onDone} />
    </tr>
  );
}
