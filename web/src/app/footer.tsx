import { Link } from '#web/lib/router.tsx';
import { shopPath } from '#shared/listing-filter.ts';
import { LISTING_FILTER_TYPES } from '#shared/product-types.ts';
import { paths } from '#shared/paths.ts';
import { legalLine } from '#shared/shop-identity.ts';
import { useSeller } from '#web/lib/shop-info.ts';
import { categoryNames, externalLinks } from '#web/lib/shop-paths.ts';
import { SocialLinks } from '#web/ui/social-links.tsx';

/** The footer's links: the company, the products by type, and help (orders, policies, legal). */
function FooterLinks() {
  return (
    <>
      <nav aria-labelledby="footer-company">
        <h2 id="footer-company">Empresa</h2>
        <ul>
          <li>
            <Link to={paths.about}>Sobre Nós</Link>
          </li>
          <li>
            <Link to={paths.sustainability}>Sustentabilidade</Link>
          </li>
          <li>
            <Link to={paths.contact}>Contactos</Link>
          </li>
        </ul>
      </nav>
      <nav aria-labelledby="footer-products">
        <h2 id="footer-products">Produtos</h2>
        <ul>
          <li>
            <Link to={paths.shop}>Todas as peças</Link>
          </li>
          {LISTING_FILTER_TYPES.map((type) => (
            <li key={type}>
              <Link to={shopPath({ type })}>{categoryNames[type]}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="footer-help">
        <h2 id="footer-help">Ajuda</h2>
        <ul>
          <li>
            <Link to={paths.findOrder}>A minha encomenda</Link>
          </li>
          <li>
            <Link to={paths.faq}>Perguntas Frequentes</Link>
          </li>
          <li>
            <Link to={paths.shippingPolicy}>Detalhes de Envio</Link>
          </li>
          <li>
            <Link to={paths.returns}>Política de Devoluções</Link>
          </li>
          <li>
            <Link to={paths.privacy}>Política de Privacidade</Link>
          </li>
          <li>
            <Link to={paths.terms}>Termos e Condições</Link>
          </li>
          <li>
            <Link to={paths.withdrawal}>Livre resolução (14 dias)</Link>
          </li>
          <li>
            <Link to={paths.legal}>Informação legal</Link>
          </li>
        </ul>
      </nav>
    </>
  );
}

/** The footer's legal part: complaints book, dispute resolution, the seller's identification, prices and copyright. */
function FooterLegal() {
  const seller = useSeller();
  return (
    <div className="container site-footer__legal">
      <a className="complaints-book" href={externalLinks.complaintsBook} target="_blank" rel="noopener noreferrer">
        Livro de Reclamações<span className="visually-hidden"> (abre numa nova janela)</span>
      </a>
      <p>
        Resolução alternativa de litígios: em caso de litígio de consumo podes recorrer ao{' '}
        <a href={externalLinks.disputeResolution} target="_blank" rel="noopener noreferrer">
          CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo
        </a>
        . Mais informações no{' '}
        <a href={externalLinks.consumerPortal} target="_blank" rel="noopener noreferrer">
          Portal do Consumidor
        </a>
        .
      </p>
      {seller && (
        <p className="site-footer__seller" data-testid="footer-seller">
          {legalLine(seller) && `${legalLine(seller)} · `}
          <a href={`mailto:${seller.email}`}>{seller.email}</a> · {seller.phone && `Tel. ${seller.phone} · `}
          <Link to={paths.legal}>Informação legal</Link>
        </p>
      )}
      <p>Preços com IVA incluído.</p>
      <p>© {new Date().getFullYear()} Joias Inox. Todos os direitos reservados.</p>
    </div>
  );
}

/** The shared footer: social links, company, products and help links, complaints book, dispute resolution. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">Joias Inox</p>
          <p>Cada peça, um pedaço da tua história. Joias artesanais em aço inoxidável, feitas em Portugal.</p>
          <SocialLinks />
        </div>
        <FooterLinks />
      </div>
      <FooterLegal />
    </footer>
  );
}
