/**
 * {prefix}/ordersdetail/{orderId}: one order loaded by id (reloads and shared links work): every field
 * of the order, the status with 'Guardar Estado', the three customer e-mails with their history, the
 * items and the proof of payment through a short-lived link.
 */
import { useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '#web/lib/router.tsx';
import type { Order, OrderDetailResponse } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, validationTexts } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import { adminNextStatuses, CLOSED_STATUS, isBeforeShipping, ORDER_STATUS_INFO, type OrderStatus } from '#shared/order-status.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { adminEmailRequestSchema, fieldErrors, orderNoteSchema, orderStatusChangeSchema, type AdminEmailKind } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { adminPaths, ordersListReturn } from '../admin-paths.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useLoad } from '../api/use-load.ts';
import { useAdminApi } from '../auth/session.tsx';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { AdminPage, Feedback, LoadView, StatusBadge, type FlashState } from '../components/ui.tsx';
import { PackingSlip } from '../components/packing-slip.tsx';
import { texts } from '../texts.ts';
import { nameWithSize } from '#shared/variants.ts';

const t = texts.order;

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const { state, reload, update } = useLoad((api) => api.order(orderId), [orderId]);
  return (
    <AdminPage title={t.title(state.status === 'ready' ? state.data.order.orderNumber : orderId)} back={{ to: ordersListReturn(), label: t.backToList }}>
      <LoadView state={state} onRetry={reload} notFound={adminTexts.orderNotFound}>
        {(detail) => <OrderDetail detail={detail} onOrder={(order) => update((d) => ({ ...d, order }))} />}
      </LoadView>
    </AdminPage>
  );
}

function Field({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="adm-dl-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * "Ver Comprovativo": the proof's link is short-lived (a few minutes), so each click asks the API for a
 * fresh one and opens it in the tab the click opened (never an expired link, an English S3 error, in
 * front of the owner). The first link stays the `href` for a middle click or a copy.
 */
function ProofLink({ orderId, url }: { readonly orderId: string; readonly url: string }) {
  const api = useAdminApi();
  const [error, setError] = useState<string>();
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setError(undefined);
    // Opened now, within the click, so no pop-up blocker stops it; pointed at the fresh link once known.
    const tab = window.open('', '_blank');
    try {
      const fresh = (await api.order(orderId)).proofUrl;
      if (!fresh) throw new Error('no proof');
      if (tab) {
        tab.opener = null;
        tab.location.href = fresh;
      } else window.location.assign(fresh);
    } catch (failure) {
      tab?.close();
      setError(errorMessage(failure, adminTexts.proofUnavailable));
    }
  };
  return (
    <>
      <p>
        <a className="button button--secondary" href={url} target="_blank" rel="noopener noreferrer" onClick={(event) => void open(event)}>
          {t.viewProof}
        </a>{' '}
        <span className="muted adm-small">{t.proofHint}</span>
      </p>
      {error && <Feedback kind="error">{error}</Feedback>}
    </>
  );
}

function OrderDetail({ detail, onOrder }: { readonly detail: OrderDetailResponse; readonly onOrder: (order: Order) => void }) {
  const { order, proofUrl } = detail;
  const shipping = SHIPPING_METHODS[order.shippingMethod];
  return (
    <>
      <p className="adm-screen-only">
        <button type="button" className="button button--secondary button--small" onClick={() => window.print()}>
          {texts.packingSlip.print}
        </button>
      </p>
      <div className="adm-detail">
        <div className="adm-detail-main">
          {order.mailProblem && (
            <div className="notice notice--error" role="status" data-testid="mail-problem">
              <p>{t.mailProblem[order.mailProblem.kind](order.mailProblem.address)}</p>
              {order.mailProblem.detail && <p className="adm-small">{t.mailProblemDetail(order.mailProblem.detail)}</p>}
            </div>
          )}
          <section className="adm-panel" aria-labelledby="adm-customer">
            <h2 id="adm-customer" className="adm-section-title">{t.customer}</h2>
            {order.anonymisedAt && (
              <p className="notice notice--info" data-testid="order-anonymised">{t.anonymised(formatDateTime(order.anonymisedAt))}</p>
            )}
            <dl className="adm-dl">
              <Field label={t.email}>
                {order.anonymisedAt ? (
                  '—'
                ) : (
                  <>
                    <a href={`mailto:${order.email}`}>{order.email}</a>{' '}
                    <Link className="adm-small" to={adminPaths.customer(order.email)}>{texts.customer.view}</Link>
                  </>
                )}
              </Field>
              <Field label={t.firstName}>{order.firstName}</Field>
              <Field label={t.lastName}>{order.lastName || '—'}</Field>
              <Field label={t.date}>{formatDateTime(order.createdAt)}</Field>
              <Field label={t.country}>{order.country}</Field>
              <Field label={t.address}>{order.address || '—'}</Field>
              <Field label={t.city}>{order.city || '—'}</Field>
              <Field label={t.postalCode}>{order.postalCode || '—'}</Field>
              <Field label={t.phone}>{order.phone ? <a href={`tel:${order.phone.replace(/\s/g, '')}`}>{order.phone}</a> : '—'}</Field>
            </dl>
          </section>

          <section className="adm-panel" aria-labelledby="adm-payment">
            <h2 id="adm-payment" className="adm-section-title">{t.payment}</h2>
            <dl className="adm-dl">
              <Field label={t.paymentMethod}>
                {PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}
                {order.paymentMethod === 'mbway' && order.mbwayNumber ? ` (${t.mbwayNumber(order.mbwayNumber)})` : ''}
              </Field>
              <Field label={t.total}><strong>{formatCents(order.totalCents)}</strong></Field>
              <Field label={t.shippingMethod}>{shipping?.label ?? order.shippingMethod}</Field>
              <Field label={t.shippingCost}>{formatCents(order.shippingCents)}</Field>
            </dl>
          </section>

          <section className="adm-panel" aria-labelledby="adm-items">
            <h2 id="adm-items" className="adm-section-title">{t.items}</h2>
            <div className="adm-table-wrap">
              <table className="adm-table adm-table--cards">
                <thead>
                  <tr>
                    <th scope="col">{t.itemName}</th>
                    <th scope="col">{t.itemSku}</th>
                    <th scope="col" className="adm-num">{t.itemQuantity}</th>
                    <th scope="col" className="adm-num">{t.itemUnitPrice}</th>
                    <th scope="col" className="adm-num">{t.itemTotal}</th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={`${line.productId}#${line.variantId ?? ''}`}>
                      <td data-label={t.itemName}>{nameWithSize(line.name, line.size)}</td>
                      <td data-label={t.itemSku}>{line.sku || '—'}</td>
                      <td className="adm-num" data-label={t.itemQuantity}>{line.quantity}</td>
                      <td className="adm-num" data-label={t.itemUnitPrice}>
                        {line.discountPercent > 0 && <s className="muted">{formatCents(line.priceCents)}</s>} {formatCents(line.unitPriceCents)}
                      </td>
                      <td className="adm-num" data-label={t.itemTotal}>{formatCents(line.lineTotalCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr><th scope="row" colSpan={4}>{t.subtotal}</th><td className="adm-num">{formatCents(order.subtotalCents)}</td></tr>
                  {order.discountCents > 0 && (
                    <tr><th scope="row" colSpan={4}>{t.discount}</th><td className="adm-num">−{formatCents(order.discountCents)}</td></tr>
                  )}
                  <tr><th scope="row" colSpan={4}>{t.shippingCost}</th><td className="adm-num">{formatCents(order.shippingCents)}</td></tr>
                  <tr className="adm-strong"><th scope="row" colSpan={4}>{t.total}</th><td className="adm-num">{formatCents(order.totalCents)}</td></tr>
                </tfoot>
              </table>
            </div>
          </section>

          <section className="adm-panel" aria-labelledby="adm-proof">
            <h2 id="adm-proof" className="adm-section-title">{t.proof}</h2>
            {proofUrl ? (
              <ProofLink orderId={order.id} url={proofUrl} />
            ) : order.proofDeletedAt ? (
              <p className="muted">{(order.anonymisedAt ? t.proofDeletedAnonymised : t.proofDeleted)(formatDateTime(order.proofDeletedAt))}</p>
            ) : (
              <p className="muted">{adminTexts.noProof}</p>
            )}
          </section>
        </div>

        <aside className="adm-detail-side">
          <StatusPanel order={order} />
          <EmailsPanel order={order} onOrder={onOrder} />
          <TimelinePanel order={order} onOrder={onOrder} />
        </aside>
      </div>
      {/* Last in the page, so the screen's own elements come first in reading order. */}
      <PackingSlip order={order} />
    </>
  );
}

function StatusPanel({ order }: { readonly order: Order }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const next = adminNextStatuses(order.status);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [restock, setRestock] = useState<boolean>();
  const [trackingCode, setTrackingCode] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const closingAfterShipping = status === CLOSED_STATUS && !isBeforeShipping(order.status);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = orderStatusChangeSchema.safeParse({
      status,
      ...(closingAfterShipping && restock !== undefined ? { restock } : {}),
      ...(status === 'Enviado' && trackingCode.trim() ? { trackingCode } : {}),
    });
    if (!parsed.success) return setError(validationTexts.orderStatus.invalid);
    if (closingAfterShipping && restock === undefined) return setError(validationTexts.restock.required);
    setSaving(true);
    setError(undefined);
    try {
      await api.setOrderStatus(order.id, parsed.data);
      navigate(ordersListReturn(), { state: { flash: adminTexts.statusUpdated } satisfies FlashState });
    } catch (failure) {
      setError(`${adminTexts.statusSaveFailed} ${errorMessage(failure)}`);
      setSaving(false);
    }
  };

  /** One action per real step: "Marcar como paga" and "Marcar como enviada" (with an optional CTT code). */
  const step = async (to: 'Enviar' | 'Enviado') => {
    const parsed = orderStatusChangeSchema.safeParse({ status: to, ...(to === 'Enviado' && trackingCode.trim() ? { trackingCode } : {}) });
    if (!parsed.success) return setError(Object.values(fieldErrors(parsed.error))[0] ?? validationTexts.orderStatus.invalid);
    setSaving(true);
    setError(undefined);
    try {
      await api.setOrderStatus(order.id, parsed.data);
      navigate(ordersListReturn(), { state: { flash: adminTexts.statusUpdated } satisfies FlashState });
    } catch (failure) {
      setError(`${adminTexts.statusSaveFailed} ${errorMessage(failure)}`);
      setSaving(false);
    }
  };

  return (
    <section className="adm-panel" aria-labelledby="adm-status">
      <h2 id="adm-status" className="adm-section-title">{t.statusSection}</h2>
      <p>
        <StatusBadge status={order.status} />
      </p>
      {order.expiresAt && <p className="adm-small">{t.reservedUntil(formatDateTime(order.expiresAt))}</p>}
      {order.status === 'Confirmar Pagamento' && (
        <div className="adm-step" data-testid="step-confirm-payment">
          <h3 className="adm-small">{t.nextStep}</h3>
          <p className="adm-small">{t.confirmHint}</p>
          <button type="button" className="button" disabled={saving} onClick={() => void step('Enviar')}>
            {saving ? t.confirmingPayment : t.stepConfirmPayment}
          </button>
        </div>
      )}
      {order.status === 'Enviar' && (
        <form
          className="adm-step adm-inline-form"
          data-testid="step-mark-shipped"
          onSubmit={(event) => {
            event.preventDefault();
            void step('Enviado');
          }}
        >
          <h3 className="adm-small">{t.nextStep}</h3>
          <TextField
            label={t.trackingCode}
            name="stepTrackingCode"
            value={trackingCode}
            maxLength={TEXT_LIMITS.trackingCode}
            placeholder={t.trackingPlaceholder}
            autoComplete="off"
            hint={t.shipHint}
            onChange={(e) => setTrackingCode(e.target.value)}
          />
          <button type="submit" className="button" disabled={saving}>
            {saving ? t.markingShipped : t.markShipped}
          </button>
        </form>
      )}
      {next.length > 0 && (order.status === 'Confirmar Pagamento' || order.status === 'Enviar') && <h3 className="adm-small">{t.otherStatus}</h3>}
      {next.length === 0 ? (
        <p className="muted">{t.noNextStatus}</p>
      ) : (
        <form onSubmit={save} className="adm-inline-form">
          <SelectField label={t.status} name="status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} disabled={saving}>
            <option value="" disabled>
              {ORDER_STATUS_INFO[order.status].label}
            </option>
            {next.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_INFO[value].label}
              </option>
            ))}
          </SelectField>
          {status === 'Enviar' && <p className="adm-small">{t.confirmHint}</p>}
          {status === 'Enviado' && (
            <TextField
              label={t.trackingCode}
              name="statusTrackingCode"
              value={trackingCode}
              maxLength={TEXT_LIMITS.trackingCode}
              placeholder={t.trackingPlaceholder}
              autoComplete="off"
              hint={t.shipHint}
              onChange={(e) => setTrackingCode(e.target.value)}
            />
          )}
          {status === CLOSED_STATUS && isBeforeShipping(order.status) && <p className="adm-small">{t.cancelHint}</p>}
          {closingAfterShipping && (
            <fieldset className="adm-choices">
              <legend>{t.restockQuestion}</legend>
              <label>
                <input type="radio" name="restock" checked={restock === true} onChange={() => setRestock(true)} /> {t.restockYes}
              </label>
              <label>
                <input type="radio" name="restock" checked={restock === false} onChange={() => setRestock(false)} /> {t.restockNo}
              </label>
            </fieldset>
          )}
          <button type="submit" className="button" disabled={saving || status === ''}>
            {saving ? t.savingStatus : t.saveStatus}
          </button>
        </form>
      )}
      {error && <Feedback kind="error">{error}</Feedback>}
    </section>
  );
}

function TimelinePanel({ order, onOrder }: { readonly order: Order; readonly onOrder: (order: Order) => void }) {
  const api = useAdminApi();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const entries = [...order.timeline].reverse();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = orderNoteSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t.noteFailed);
    setSaving(true);
    setError(undefined);
    try {
      onOrder((await api.addOrderNote(order.id, parsed.data.text)).order);
      setText('');
    } catch (failure) {
      setError(`${t.noteFailed} ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="adm-panel" aria-labelledby="adm-timeline">
      <h2 id="adm-timeline" className="adm-section-title">{t.timeline}</h2>
      <ul className="adm-timeline">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <span className="adm-strong">
              {entry.kind === 'note'
                ? entry.text
                : entry.kind === 'reserved'
                  ? t.timelineReserved
                  : entry.kind === 'email'
                    ? t.timelineEmail(t.emailKinds[entry.email!] ?? entry.email, t.emailStatus[entry.outcome!] ?? entry.outcome)
                    : t.timelineStatus(ORDER_STATUS_INFO[entry.from!].label, ORDER_STATUS_INFO[entry.to!].label)}
            </span>
            {(entry.kind === 'status' || entry.kind === 'email') && entry.text && (
              <span className={entry.kind === 'email' ? 'adm-small adm-error-text' : 'adm-small'}>{entry.text}</span>
            )}
            <span className="muted adm-small">
              {formatDateTime(entry.at)} · {t.timelineBy(entry.by)}
            </span>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="adm-stack">
        <TextField label={t.noteLabel} name="note" value={text} maxLength={TEXT_LIMITS.note} onChange={(e) => setText(e.target.value)} disabled={saving} />
        <button type="submit" className="button button--secondary" disabled={saving || text.trim() === ''}>
          {saving ? t.addingNote : t.addNote}
        </button>
      </form>
      {error && <Feedback kind="error">{error}</Feedback>}
    </section>
  );
}

function EmailsPanel({ order, onOrder }: { readonly order: Order; readonly onOrder: (order: Order) => void }) {
  const api = useAdminApi();
  const [sending, setSending] = useState<AdminEmailKind>();
  const [trackingCode, setTrackingCode] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();

  /**
   * The outbox sends within moments: the order is reloaded until its history shows the outcome of this
   * kind of e-mail (another e-mail's outcome arriving meanwhile does not end the wait).
   */
  const showOutcome = async (kind: AdminEmailKind, recorded: number) => {
    const ofKind = (o: Order) => o.emails.filter((email) => email.kind === kind).length;
    for (let tries = 0; tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const reloaded = await api.order(order.id).catch(() => undefined);
      if (!reloaded) continue;
      onOrder(reloaded.order);
      if (ofKind(reloaded.order) > recorded) return;
    }
  };

  const send = async (kind: AdminEmailKind) => {
    // One key per click: a retried request of this click queues one e-mail, a new click another.
    const requestKey = crypto.randomUUID();
    const parsed = adminEmailRequestSchema.safeParse(kind === 'shipped' ? { kind, trackingCode, requestKey } : { kind, requestKey });
    if (!parsed.success) return setResult({ kind: 'error', text: parsed.error.issues[0]?.message ?? adminTexts.emailFailed });
    setSending(kind);
    setResult(undefined);
    try {
      const { order: queued } = await api.sendOrderEmail(order.id, parsed.data);
      onOrder(queued);
      setResult({ kind: 'success', text: adminTexts.emailQueued });
      void showOutcome(kind, queued.emails.filter((email) => email.kind === kind).length);
    } catch (failure) {
      setResult({ kind: 'error', text: `${adminTexts.emailFailed} ${errorMessage(failure)}` });
      // The server records a failed send on the order: reload it to show the failure in the history.
      api.order(order.id).then((d) => onOrder(d.order)).catch(() => undefined);
    } finally {
      setSending(undefined);
    }
  };

  const busy = sending !== undefined;
  const history = [...order.emails].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="adm-panel" aria-labelledby="adm-emails">
      <h2 id="adm-emails" className="adm-section-title">{t.emails}</h2>
      {order.anonymisedAt ? (
        <p className="muted">{t.emailsAnonymised}</p>
      ) : (
        <div className="adm-stack">
          <button type="button" className="button" disabled={busy} onClick={() => void send('payment-confirmed')}>
            {sending === 'payment-confirmed' ? t.sending : t.confirmPayment}
          </button>
          <form
            className="adm-tracking"
            onSubmit={(e) => {
              e.preventDefault();
              if (trackingCode.trim()) void send('shipped');
            }}
          >
            <TextField
              label={t.trackingCode}
              name="trackingCode"
              value={trackingCode}
              maxLength={TEXT_LIMITS.trackingCode}
              placeholder={t.trackingPlaceholder}
              autoComplete="off"
              onChange={(e) => setTrackingCode(e.target.value)}
            />
            <button type="submit" className="button" disabled={busy || trackingCode.trim() === ''}>
              {sending === 'shipped' ? t.sending : t.sendTracking}
            </button>
          </form>
          <button type="button" className="button" disabled={busy} onClick={() => void send('review-request')}>
            {sending === 'review-request' ? t.sending : t.requestReview}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void send('order-received')}>
            {sending === 'order-received' ? t.sending : t.resendReceived}
          </button>
          {order.status === CLOSED_STATUS && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void send('order-cancelled')}>
              {sending === 'order-cancelled' ? t.sending : t.resendCancelled}
            </button>
          )}
        </div>
      )}
      {result && <Feedback kind={result.kind}>{result.text}</Feedback>}

      <h3 className="adm-subtitle">{t.history}</h3>
      {history.length === 0 ? (
        <p className="muted">{adminTexts.noEmailsSent}</p>
      ) : (
        <ul className="adm-history">
          {history.map((email, index) => (
            <li key={`${email.at}-${index}`} className={email.status === 'failed' ? 'adm-history-failed' : undefined}>
              <span className="adm-strong">{t.emailKinds[email.kind] ?? email.kind}</span>
              <span className={`adm-pill adm-pill-${email.status}`}>{t.emailStatus[email.status] ?? email.status}</span>
              <span className="muted adm-small">{formatDateTime(email.at)}</span>
              {email.trackingCode && <span className="adm-small">{t.trackingDetail(email.trackingCode)}</span>}
              {email.error && <span className="adm-small adm-error-text">{email.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
