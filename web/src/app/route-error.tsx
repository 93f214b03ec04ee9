import { Link, useRouteError } from '../lib/router.tsx';
import { messages } from '../../../shared/messages.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { paths } from '../../../shared/paths.ts';

/** What to tell the visitor, in Portuguese (the technical reason goes to the console, never on the page). */
function describe(error: unknown): string {
  // A page chunk missing after a new version was deployed.
  if (error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)) {
    return messages.common.pageUpdated;
  }
  console.error('page failed', error);
  return messages.api.internal;
}

/** The router's fallback when a page fails: a heading, the error's message and ways out. */
export function RouteError() {
  const error = useRouteError();
  usePageMeta({ title: messages.common.unexpectedError, description: messages.api.internal, noindex: true, failed: true });
  return (
    <section className="container page-body empty-state" role="alert">
      <h1>{messages.common.unexpectedError}</h1>
      <p>{describe(error)}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Recarregar a página
        </button>{' '}
        <Link className="button button--secondary" to={paths.home} reloadDocument>
          Ir para a página inicial
        </Link>
      </p>
    </section>
  );
}
