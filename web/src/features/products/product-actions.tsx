/**
 * The edit page's "Ações": "Duplicar" (a new draft from this piece: another size, another colour) and
 * "Apagar" (only a piece no order ever took; otherwise the server says to archive it).
 */
import { useState } from 'react';
import { Link, useNavigate } from '#web/lib/router.tsx';
import type { AdminProduct } from '#shared/product.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import type { FlashState } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.productForm;

/** What the new-product page gets from "Duplicar": the piece its copy starts from (`copyValues`). */
export interface CopyState {
  readonly copyOf: AdminProduct;
}

export function ProductActions({ product }: { readonly product: AdminProduct }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const remove = () =>
    void action.run(
      async () => {
        await api.deleteProduct(product.id);
        navigate(adminPaths.products, { state: { flash: adminTexts.productDeleted } satisfies FlashState });
      },
      (failure) => {
        setConfirming(false);
        return failureMessage(adminTexts.productDeleteFailed, failure);
      },
    );
  return (
    <Panel id="adm-product-actions" title={t.actions}>
      <p>
        <Link className="button button--secondary button--small" to={adminPaths.newProduct} state={{ copyOf: product } satisfies CopyState}>
          {t.duplicate}
        </Link>
      </p>
      <p className="adm-small muted">{t.duplicateHint}</p>
      <ActionFeedback notice={action.notice} />
      {confirming ? (
        <p className="adm-inline-form">
          <span>{t.deleteConfirm}</span>{' '}
          <button type="button" className="button button--small" disabled={action.busy} onClick={remove}>
            {action.busy ? t.deleting : t.deleteYes}
          </button>{' '}
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={action.busy}
            onClick={() => setConfirming(false)}
          >
            {t.deleteNo}
          </button>
        </p>
      ) : (
        <p>
          <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        </p>
      )}
      <p className="adm-small muted">{t.deleteHint}</p>
    </Panel>
  );
}
