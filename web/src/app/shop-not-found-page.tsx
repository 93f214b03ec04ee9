import { Link } from '#web/lib/router.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#shared/paths.ts';

/** Any address the shop does not know. */
export function NotFoundPage() {
  usePageMeta({
    title: 'Página não encontrada',
    description: 'O endereço que procuras não existe ou foi alterado.',
    noindex: true,
    notFound: true,
  });
  return (
    <section className="container page-body empty-state">
      <h1>Página não encontrada</h1>
      <p>O endereço que procuras não existe ou foi alterado.</p>
      <Link className="button" to={paths.shop}>
        Ver produtos
      </Link>
    </section>
  );
}
