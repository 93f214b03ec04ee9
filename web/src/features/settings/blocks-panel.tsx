/**
 * The block list of "Definições": who the owner closed as suspicious and may not reserve, until when,
 * by what (e-mail, phone, client address); a block is lifted early with one click. The server leaves
 * out (and deletes) the blocks whose time is over.
 */
import type { BlockEntry } from '#shared/abuse.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Link } from '#web/lib/router.tsx';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { LoadView } from '#web/ui/admin/admin-ui.tsx';

const t = abuseUiTexts.blocks;

export function BlocksPanel() {
  const api = useAdminApi();
  const { state, reload, update } = useLoad((loaded) => loaded.blocks(), []);
  const action = useAction<string>();
  const remove = (block: BlockEntry) =>
    void action.run(
      async () => {
        const left = await api.removeBlock(block.id);
        update(() => left);
        return t.removed(block.orderNumber);
      },
      (failure) => {
        reload();
        return failureMessage(t.failed, failure);
      },
      { key: block.id },
    );
  return (
    <section className="adm-blocks" aria-labelledby="settings-blocks" data-testid="settings-blocks">
      <h2 id="settings-blocks">{t.title}</h2>
      <p className="muted">{t.hint}</p>
      <ActionFeedback notice={action.notice} />
      <LoadView state={state} onRetry={reload}>
        {({ blocks }) =>
          blocks.length === 0 ? (
            <p className="adm-empty">{t.empty}</p>
          ) : (
            <ul className="adm-change-list">
              {blocks.map((block) => (
                <li key={block.id} className="adm-change-card">
                  <p className="adm-change-head">
                    <Link className="adm-strong" to={adminPaths.orderDetail(block.orderId)}>
                      {t.order(block.orderNumber)}
                    </Link>
                    <span className="muted">{t.until(formatDateTime(block.until))}</span>
                  </p>
                  <dl className="adm-block-keys">
                    <dt>{t.email}</dt>
                    <dd>{block.email || t.none}</dd>
                    <dt>{t.phone}</dt>
                    <dd>{block.phone || t.none}</dd>
                    <dt>{t.client}</dt>
                    <dd>{block.client || t.none}</dd>
                  </dl>
                  <p>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      disabled={action.busy}
                      onClick={() => remove(block)}
                    >
                      {action.running === block.id ? t.removing : t.remove}
                    </button>
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </LoadView>
    </section>
  );
}
