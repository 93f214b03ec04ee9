/**
 * Small building blocks shared by the admin screens: the page frame, loading and error notices,
 * detail rows, feedback messages, the status badge and one-time "flash" messages carried by a navigation.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '#web/lib/router.tsx';
import { commonTexts } from '#shared/messages/index.ts';
import { ORDER_STATUSES, ORDER_STATUS_INFO, type OrderStatus } from '#shared/order-status.ts';
import type { Loaded } from '#web/lib/admin/use-admin-load.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

/** A screen of the back-office: its heading (also the document title), actions and content. */
export function AdminPage(props: {
  readonly title: string;
  readonly back?: { readonly to: string; readonly label: string };
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}) {
  const { title, back, actions, children } = props;
  useEffect(() => {
    document.title = texts.pageTitle(title);
  }, [title]);
  return (
    <section className="adm-page" aria-labelledby="adm-page-title">
      {back && (
        <p className="adm-back">
          <Link to={back.to}>← {back.label}</Link>
        </p>
      )}
      <header className="adm-page-head">
        <h1 id="adm-page-title">{title}</h1>
        {actions && <div className="adm-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function LoadingNotice() {
  return (
    <p className="muted" role="status">
      {commonTexts.loading}
    </p>
  );
}

export function ErrorNotice({ message, onRetry }: { readonly message: string; readonly onRetry?: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--small" onClick={onRetry}>
          {texts.retry}
        </button>
      )}
    </div>
  );
}

/** One row of a detail list (`<dl className="adm-dl">`): the label and its value; `wide` for a long text. */
export function DetailRow({ label, wide, children }: { readonly label: string; readonly wide?: boolean; readonly children: ReactNode }) {
  return (
    <div className={wide ? 'adm-dl-row adm-dl-wide' : 'adm-dl-row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A message after an action or about the session; failures are assertive, the rest polite. */
export function Feedback({ kind, children }: { readonly kind: 'success' | 'error' | 'info'; readonly children: ReactNode }) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * Renders the content once loaded; the loading text or the error (with a retry, or the screen's own
 * "not found" text) before that.
 */
export function LoadView<T>(props: {
  readonly state: Loaded<T>;
  readonly onRetry: () => void;
  readonly notFound?: string;
  readonly children: (data: T) => ReactNode;
}) {
  const { state, onRetry, notFound, children } = props;
  if (state.status === 'loading') return <LoadingNotice />;
  if (state.status === 'error') {
    return state.notFound && notFound ? <ErrorNotice message={notFound} /> : <ErrorNotice message={state.message} onRetry={onRetry} />;
  }
  return <>{children(state.data)}</>;
}

/** An order status as a coloured badge (colours from `ORDER_STATUS_INFO`). */
export function StatusBadge({ status }: { readonly status: OrderStatus }) {
  const info = ORDER_STATUS_INFO[status] ?? { label: status, badge: { background: '#e2e3e5', text: '#2b2f32' } };
  return (
    <span className="adm-badge" style={{ background: info.badge.background, color: info.badge.text }}>
      {info.label}
    </span>
  );
}

/** State a navigation may carry: a message for the next screen to show once. */
export interface FlashState {
  readonly flash?: string;
}

/**
 * The flash message the previous screen passed along, kept for this visit and removed from the
 * history entry so that a reload does not show it again.
 */
export function useFlash(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as FlashState | null)?.flash;
  const [flash] = useState(incoming);
  useEffect(() => {
    if (incoming) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [incoming, navigate, location.pathname, location.search]);
  return flash;
}

/** The options of an order-status filter: "all" (empty value) and each status by its label. */
export function OrderStatusOptions({ allLabel }: { readonly allLabel: string }) {
  return (
    <>
      <option value="">{allLabel}</option>
      {ORDER_STATUSES.map((value) => (
        <option key={value} value={value}>
          {ORDER_STATUS_INFO[value].label}
        </option>
      ))}
    </>
  );
}
