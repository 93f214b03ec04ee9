/**
 * {prefix}/collections: the collections, with the button to create one; each can be renamed (its
 * pieces follow, in one transaction) or deleted when no piece is in it.
 */
import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import type { Collection } from '#shared/product.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { collectionInputSchema } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useFormSubmit, useAction, type Notice } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { AdminPage, Feedback, LoadView, useFlash } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.collections;

export function CollectionsPage() {
  const flash = useFlash();
  const { state, reload } = useLoad((api) => api.collections().then((r) => r.collections), []);
  const [notice, setNotice] = useState<Notice>();
  const done = (next: Notice) => {
    setNotice(next);
    if (next.kind === 'success') reload();
  };
  return (
    <AdminPage
      title={t.title}
      actions={
        <Link className="button" to={adminPaths.createCollection}>
          {t.create}
        </Link>
      }
    >
      {flash && !notice && <Feedback kind="success">{flash}</Feedback>}
      <ActionFeedback notice={notice} />
      <LoadView state={state} onRetry={reload}>
        {(collections) =>
          collections.length === 0 ? (
            <p className="adm-empty">{adminTexts.noCollections}</p>
          ) : (
            <ul className="adm-list">
              {[...collections]
                .sort((a, b) => a.name.localeCompare(b.name, 'pt'))
                .map((collection) => (
                  <CollectionRow key={collection.id} collection={collection} onDone={done} />
                ))}
            </ul>
          )
        }
      </LoadView>
    </AdminPage>
  );
}

function CollectionRow({ collection, onDone }: { readonly collection: Collection; readonly onDone: (notice: Notice) => void }) {
  const api = useAdminApi();
  const removing = useAction();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const remove = () =>
    void removing.run(
      async () => {
        await api.deleteCollection(collection.id);
        onDone({ kind: 'success', lines: [t.deleted(collection.name)] });
      },
      (failure) => {
        onDone({ kind: 'error', lines: [errorMessage(failure)] });
        setMode('view');
      },
    );

  if (mode === 'rename') {
    return (
      <li data-testid={`collection-${collection.id}`}>
        <RenameForm collection={collection} onDone={onDone} onCancel={() => setMode('view')} />
      </li>
    );
  }
  return (
    <li data-testid={`collection-${collection.id}`}>
      <div className="adm-inline-form">
        <span className="adm-strong">{collection.name}</span>
        {mode === 'delete' ? (
          <>
            <span>{t.deleteConfirm(collection.name)}</span>
            <button type="button" className="button button--small" disabled={removing.busy} onClick={remove}>
              {t.deleteYes}
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={removing.busy}
              onClick={() => setMode('view')}
            >
              {t.cancel}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button--small button--secondary" onClick={() => setMode('rename')}>
              {t.rename}
            </button>
            <button type="button" className="button button--small button--secondary" onClick={() => setMode('delete')}>
              {t.delete}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** A collection's new name (its pieces follow); a refusal is said under the field. */
function RenameForm(props: { readonly collection: Collection; readonly onDone: (notice: Notice) => void; readonly onCancel: () => void }) {
  const { collection, onDone, onCancel } = props;
  const api = useAdminApi();
  const [name, setName] = useState(collection.name);
  const form = useFormSubmit({
    schema: collectionInputSchema,
    fieldOrder: ['name'],
    values: { name },
    send: (data) => api.renameCollection(collection.id, data.name),
    onSent: ({ collection: renamed }) => onDone({ kind: 'success', lines: [t.renamed(renamed.name)] }),
    serverFields: (failure) => ({ name: errorMessage(failure) }),
    refusedFieldsAlert: () => undefined,
  });
  return (
    <form ref={form.formRef} className="adm-inline-form" onSubmit={form.onSubmit} noValidate>
      <TextField
        label={t.renameLabel(collection.name)}
        hint={t.renameHint}
        name="name"
        value={name}
        maxLength={TEXT_LIMITS.collectionName}
        error={form.errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="button button--small" disabled={form.sending}>
        {form.sending ? t.saving : t.save}
      </button>
      <button type="button" className="button button--small button--secondary" disabled={form.sending} onClick={onCancel}>
        {t.cancel}
      </button>
    </form>
  );
}
