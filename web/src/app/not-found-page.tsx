import { Link } from 'react-router-dom';
import { paths } from './paths.ts';

export function NotFoundPage() {
  return (
    <section className="notice">
      <h1>Página não encontrada</h1>
      <p>O endereço que procuras não existe ou foi alterado.</p>
      <Link className="button" to={paths.shop}>
        Ver produtos
      </Link>
    </section>
  );
}
