import { Link } from '#web/lib/router.tsx';
import { paths } from '#shared/paths.ts';
import { StaticPage } from './static-page.tsx';

/** /sustainability: production, packaging and transport. */
export function SustainabilityPage() {
  return (
    <StaticPage
      eyebrow="Sustentabilidade"
      metaTitle="Sustentabilidade"
      title="Joias feitas para durar"
      lead={
        'A peça mais sustentável é a que não precisa de ser substituída. ' +
        'Por isso escolhemos materiais duradouros e fazemos tudo com tempo.'
      }
      description={
        'Como a Joias Inox produz, embala e envia as suas joias: aço inoxidável ' +
        'duradouro, pequenas séries e embalagens totalmente recicláveis e reutilizáveis.'
      }
    >
      <img
        src="/img/sustentabilidade.svg"
        width={800}
        height={600}
        alt="Caixa de cartão reciclado com laço e uma folha verde"
        className="split__image sustainability-image"
      />
      <div className="sections-grid">
        <section className="card">
          <h2>Produção</h2>
          <p>
            Trabalhamos em pequenas séries e por encomenda sempre que possível, para não acumular stock nem desperdiçar material. O aço
            inoxidável que usamos é resistente à corrosão e 100% reciclável, e os restos de corte voltam à reciclagem.
          </p>
        </section>
        <section className="card">
          <h2>Embalagem</h2>
          <p>
            Cada peça segue numa caixa de cartão reciclado, com enchimento de papel e sem plástico. A embalagem é totalmente reciclável e
            foi pensada para ser reutilizada para guardar as tuas joias.
          </p>
        </section>
        <section className="card">
          <h2>Transporte</h2>
          <p>
            Enviamos pelos CTT, agrupando as encomendas do dia numa única recolha, e usamos embalagens pequenas e leves para reduzir o
            espaço e as emissões de cada envio.
          </p>
        </section>
      </div>
      <div className="prose">
        <h2>Cuidar para durar</h2>
        <p>
          Limpa as tuas peças com um pano macio e água morna com sabão neutro, seca-as bem e guarda-as separadas. Assim continuam a brilhar
          durante muitos anos.
        </p>
        <p>
          <Link to={paths.shop} className="button button--secondary">
            Descobrir a coleção
          </Link>
        </p>
      </div>
    </StaticPage>
  );
}
