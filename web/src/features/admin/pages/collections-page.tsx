/**
 * {prefix}/collections: the collections, with the button to create one.
 */
import { Link } from 'react-router-dom';
import { messages } from '../../../../../shared/messages.ts';
import { adminPaths } from '../admin-paths.ts';
import { useLoad } from '../api/use-load.ts';
import { AdminPage, Feedback, LoadView, useFlash } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.collections;

export function CollectionsPage() {
  const flash = useFlash();
  const { state, reload } = useLoad((api) => api.collections().then((r) => r.collections), []);
  return (
    <AdminPage
      title={t.title}
      actions={
        <Link className="button" to={adminPaths.createCollection}>
          {t.create}
        </Link>
      }
    >
      {flash && <Feedback kind="success">{flash}</Feedback>}
      <LoadView state={state} onRetry={reload}>
        {(collections) =>
          collections.length === 0 ? (
            <p className="adm-empty">{messages.admin.noCollections}</p>
          ) : (
            <ul className="adm-list">
              {[...collections]
                .sort((a, b) => a.name.localeCompare(b.name, 'pt'))
                .map((collection) => (
                  <li key={collection.id}>{collection.name}</li>
                ))}
            </ul>
          )
        }
      </LoadView>
    </AdminPage>
  );
}
