/**
 * The go-live checklist on "Definições" (docs/design.md §33): each item the shop needs before it takes
 * orders, done or missing. Until all are done the public shop says "Loja em preparação" and its
 * checkout is closed; the dashboard's banner leads here. While the sender is not verified, or the
 * account is in SES's sandbox, the screen asks SES again (`POST /api/admin/settings/sender-check`): the
 * owner who has just verified it, or got production access, sees the item done, and the shop opens,
 * without saving anything.
 */
import { useEffect, useState } from 'react';
import { GO_LIVE_ITEMS, GO_LIVE_LABELS, type GoLiveState } from '#shared/go-live.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.goLive;

/**
 * `invoicing`: whether the shop issues its invoices (docs/invoices.md). Not an item the shop waits for:
 * said beside them, with what it means when off (the owner issues every invoice herself).
 */
export function GoLiveChecklist({ state: loaded, invoicing }: { readonly state: GoLiveState; readonly invoicing: boolean }) {
  const api = useAdminApi();
  const [state, setState] = useState(loaded);
  useEffect(() => setState(loaded), [loaded]);
  const senderMissing = loaded.missing.includes('sender') || loaded.missing.includes('mailProduction');
  useEffect(() => {
    if (!senderMissing) return;
    let active = true;
    api.checkSender().then(
      (answer) => active && setState(answer.goLive),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [api, senderMissing]);
  return (
    <section className="card adm-go-live" aria-labelledby="go-live-title" data-testid="go-live-checklist" data-ready={state.ready}>
      <h2 id="go-live-title">{t.title}</h2>
      <p className={state.ready ? 'adm-go-live__ready' : 'adm-settings-warning'} role="status">
        {state.ready ? t.ready : t.notReady(state.missing.length)}
      </p>
      <ul className="adm-go-live__items">
        {GO_LIVE_ITEMS.map((item) => {
          const done = !state.missing.includes(item);
          return (
            <li key={item} data-done={done}>
              <span aria-hidden="true">{done ? '✓' : '✗'}</span> {GO_LIVE_LABELS[item]}
              <span className="visually-hidden">{done ? ` — ${t.done}` : ` — ${t.missing}`}</span>
              {!done && item === 'sender' && <p className="field-hint">{t.senderHint}</p>}
              {!done && item === 'mailProduction' && <p className="field-hint">{t.mailProductionHint}</p>}
            </li>
          );
        })}
      </ul>
      <p className={invoicing ? 'field-hint' : 'adm-settings-warning'} data-testid="go-live-invoicing">
        {invoicing ? texts.invoicing.goLiveOn : texts.invoicing.goLiveOff}
      </p>
    </section>
  );
}
