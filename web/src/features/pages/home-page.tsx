import { Link } from '#web/lib/router.tsx';
import { shopPath } from '#shared/listing-filter.ts';
import type { ProductType } from '#shared/product.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '#shared/shipping.ts';
import { MOBILE_MEDIA_QUERY } from '#shared/ui.ts';
import { paths } from '#shared/paths.ts';
import { catalogTexts } from '#shared/messages/index.ts';
import { SHARE_IMAGE_PATH, SITE_NAME, useJsonLd, usePageMeta, useSiteOrigin } from '#web/lib/page-meta.ts';
import { externalLinks } from '#web/lib/shop-paths.ts';
import { Testimonials } from './testimonials.tsx';
import './home.css';

/** The title, description and keywords of the home page (index.html holds the same). */
export const homeMeta = {
  title: 'Vê já a nossa nova coleção!!',
  description:
    `Joias artesanais em aço inoxidável, feitas à mão em Portugal: colares, fios, anéis, ` +
    `brincos e pulseiras. Descobre a nova coleção New Beginnings. ${catalogTexts.freeShipping}.`,
  keywords:
    'joias, joias artesanais, aço inoxidável, colares, fios, anéis, brincos, pulseiras, joias feitas à mão, Portugal, New Beginnings',
} as const;

const freeShippingEuros = FREE_SHIPPING_THRESHOLD_CENTS / 100;

const stats = [
  { value: '100%', label: 'peças em aço inoxidável' },
  { value: '9,8/10', label: 'satisfação dos clientes' },
  { value: `${freeShippingEuros}€`, label: 'portes grátis a partir de' },
  { value: '100%', label: 'embalagens recicláveis' },
] as const;

/** The four category tiles (Anéis, Pulseiras, Fios, Brincos), each filtering the listing by its type. */
const categories: readonly { type: ProductType; name: string; text: string }[] = [
  { type: 'anel', name: 'Anéis', text: 'Finos, solitários e entrelaçados' },
  { type: 'pulseira', name: 'Pulseiras', text: 'Elos, correntes e pendentes' },
  { type: 'colar', name: 'Fios', text: 'Pendentes para cada história' },
  { type: 'brinco', name: 'Brincos', text: 'Argolas, pérolas e estrelas' },
];

/** schema.org Organization data for search engines: the brand, its address on the web and its profiles. */
function organizationJsonLd(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: new URL('/', origin).href,
    logo: new URL(SHARE_IMAGE_PATH, origin).href,
    sameAs: [externalLinks.instagram, externalLinks.facebook, externalLinks.tiktok],
  };
}

/** The opening: the new collection's words and picture, then the shop in numbers. */
function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__text">
          <p className="eyebrow">Nova coleção · New Beginnings</p>
          <h1 id="hero-title">Cada peça, um pedaço da tua história.</h1>
          <p className="lead">
            Joias em aço inoxidável desenhadas e acabadas à mão em Portugal, feitas para te acompanhar todos os dias: não escurecem, não
            enferrujam e resistem à água.
          </p>
          <p className="muted">
            A coleção New Beginnings celebra os novos começos com corações, estrelas e trevos em tons de prata, dourado e rosa.
          </p>
          <Link to={paths.shop} className="button">
            Ver Coleção
          </Link>
        </div>
        <picture className="hero__picture">
          <source media={MOBILE_MEDIA_QUERY} srcSet="/img/hero-mobile.svg" width={768} height={480} />
          <img
            src="/img/hero-desktop.svg"
            width={960}
            height={800}
            alt="Fio dourado com pendente de coração, anel em aço e anel rosa sobre fundo creme"
            fetchPriority="high"
          />
        </picture>
      </div>
      <div className="container">
        <ul className="stats" aria-label="A Joias Inox em números">
          {stats.map((stat) => (
            <li key={stat.label}>
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** How the pieces are made and packed, with the way to the sustainability page. */
function SustainabilityTeaser() {
  return (
    <section className="section" aria-labelledby="sustainability-title">
      <div className="container split">
        <img
          src="/img/sustentabilidade.svg"
          width={800}
          height={600}
          alt="Caixa de cartão reciclado com laço e uma folha verde"
          loading="lazy"
          className="split__image"
        />
        <div>
          <p className="eyebrow">Sustentabilidade</p>
          <h2 id="sustainability-title">Feitas com tempo, embaladas com cuidado</h2>
          <p>
            Produzimos em pequenas séries para não desperdiçar, escolhemos aço inoxidável que dura uma vida e enviamos cada peça numa
            embalagem totalmente reciclável e reutilizável.
          </p>
          <Link to={paths.sustainability} className="button button--secondary">
            Saber Mais
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The four category tiles, each opening the listing filtered by its type. */
function CategoryTiles() {
  return (
    <section className="section section--sand" aria-labelledby="products-title">
      <div className="container">
        <h2 id="products-title" className="section-title">
          Os Nossos Produtos
        </h2>
        <ul className="category-grid">
          {categories.map((category) => (
            <li key={category.type}>
              <Link to={shopPath({ type: category.type })} className="category-tile">
                <img src={`/img/categoria-${category.type}.svg`} width={600} height={600} alt="" loading="lazy" />
                <span className="category-tile__name">{category.name}</span>
                <span className="category-tile__text">{category.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** /: the hero, the free-shipping banner, sustainability, the categories and the testimonials. */
export function HomePage() {
  usePageMeta({ ...homeMeta, fullTitle: true });
  useJsonLd(organizationJsonLd(useSiteOrigin()));
  return (
    <>
      <Hero />

      <p className="shipping-banner">{catalogTexts.freeShipping}</p>

      <SustainabilityTeaser />

      <CategoryTiles />

      <Testimonials />
    </>
  );
}
