import { Link, useRouteError } from '#web/lib/router.tsx';
import { apiTexts, commonTexts } from '#shared/messages/index.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#shared/paths.ts';

/** What to tell the visitor, in Portuguese (the technical reason goes to the console, never on the page). */
function describe(error: unknown): string {
  // A page chunk missing after a new version was deployed.
  if (error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)) {
    return commonTexts.pageUpdated;
  }
  console.error('page failed', error);
  return apiTexts.internal;
}

/** The router's fallback when a page fails: a heading, the error's message and ways out. */
export function RouteError() {
  const error = useRouteError();
  usePageMeta({ title: commonTexts.unexpectedError, description: apiTexts.internal, noindex: true, failed: true });
  return (
    <section className="container page-body empty-state" role="alert">
      <h1>{commonTexts.unexpectedError}</h1>
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
