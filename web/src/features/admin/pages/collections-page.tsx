/**
 * {prefix}/collections: the collections, with the button to create one; each can be renamed (its
 * pieces follow, in one transaction) or deleted when no piece is in it.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '#web/lib/router.tsx';
import type { Collection } from '#shared/product.ts';
import { adminTexts, apiTexts } from '#shared/messages.ts';
import { collectionInputSchema, fieldErrors } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { errorMessage } from '#web/lib/api.ts';
import { TextField } from '#web/ui/field.tsx';
import { adminPaths } from '../admin-paths.ts';
import { useLoad } from '../api/use-load.ts';
import { useAdminApi } from '../auth/session.tsx';
import { AdminPage, Feedback, LoadView, useFlash } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.collections;

type Notice = { readonly kind: 'success' | 'error'; readonly text: string };

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
      {notice && <Feedback kind={notice.kind}>{notice.text}</Feedback>}
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
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(collection.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = collectionInputSchema.safeParse({ name });
    if (!parsed.success) return setError(fieldErrors(parsed.error).name ?? apiTexts.invalidInput);
    setBusy(true);
    setError(undefined);
    try {
      const { collection: renamed } = await api.renameCollection(collection.id, parsed.data.name);
      onDone({ kind: 'success', text: t.renamed(renamed.name) });
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api.deleteCollection(collection.id);
      onDone({ kind: 'success', text: t.deleted(collection.name) });
    } catch (failure) {
      onDone({ kind: 'error', text: errorMessage(failure) });
      setMode('view');
      setBusy(false);
    }
  };

  return (
    <li data-testid={`collection-${collection.id}`}>
      {mode === 'rename' ? (
        <form className="adm-inline-form" onSubmit={(e) => void rename(e)} noValidate>
          <TextField label={t.renameLabel(collection.name)} hint={t.renameHint} name="name" value={name} maxLength={TEXT_LIMITS.collectionName} error={error} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="button button--small" disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
          <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => { setMode('view'); setName(collection.name); setError(undefined); }}>
            {t.cancel}
          </button>
        </form>
      ) : (
        <div className="adm-inline-form">
          <span className="adm-strong">{collection.name}</span>
          {mode === 'delete' ? (
            <>
              <span>{t.deleteConfirm(collection.name)}</span>
              <button type="button" className="button button--small" disabled={busy} onClick={() => void remove()}>
                {t.deleteYes}
              </button>
              <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => setMode('view')}>
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
      )}
    </li>
  );
}
