import { Link } from '#web/lib/router.tsx';
import { paths } from '#shared/paths.ts';
import { StaticPage } from './static-page.tsx';

const facts = [
  { title: 'Desde 2020', text: 'Começámos numa pequena oficina, com uma bancada e muita vontade.' },
  { title: 'Feito em Portugal', text: 'Desenhamos, montamos e embalamos cada peça em Portugal.' },
  { title: 'Aço inoxidável', text: 'Aço 316L hipoalergénico, que não escurece nem enferruja.' },
  { title: 'Feito à mão', text: 'Cada peça é acabada e polida à mão, uma a uma.' },
] as const;

const values = [
  { title: 'Qualidade', text: 'Materiais que duram e acabamentos cuidados ao pormenor.' },
  { title: 'Transparência', text: 'Preços claros, prazos honestos e respostas sem rodeios.' },
  { title: 'Sustentabilidade', text: 'Produção em pequenas séries e embalagens recicláveis e reutilizáveis.' },
  { title: 'Inovação', text: 'Novas formas e coleções, sem perder a simplicidade que nos define.' },
  { title: 'Satisfação do cliente', text: 'Estamos cá antes, durante e depois de cada encomenda.' },
] as const;

/** /about-us: the brand's story, four facts, mission, vision and five values. */
export function AboutPage() {
  return (
    <StaticPage
      eyebrow="Sobre Nós"
      metaTitle="Sobre Nós"
      title="Cada peça, um pedaço da tua história"
      lead="A Joias Inox nasceu em 2020 da vontade de criar joias bonitas, acessíveis e feitas para durar, sem abdicar do trabalho manual."
      description="Conhece a história da Joias Inox: joias artesanais em aço inoxidável, feitas à mão em Portugal desde 2020."
    >
      <div className="prose">
        <h2>A nossa história</h2>
        <p>
          Tudo começou com um fio oferecido a uma amiga. Queríamos uma peça que não escurecesse ao fim de semanas, que pudesse ir ao mar e
          ao ginásio e que continuasse a brilhar anos depois. Não a encontrámos, por isso decidimos fazê-la.
        </p>
        <p>
          Hoje desenhamos e acabamos à mão colares, fios, anéis, brincos e pulseiras em aço inoxidável, em pequenas séries, e enviamo-los
          para todo o país numa embalagem pensada para ser reutilizada.
        </p>
      </div>
      <ul className="facts" aria-label="A Joias Inox em quatro factos">
        {facts.map((fact) => (
          <li key={fact.title}>
            <strong>{fact.title}</strong>
            <span>{fact.text}</span>
          </li>
        ))}
      </ul>
      <div className="two-cols">
        <section className="card">
          <h2>Missão</h2>
          <p>Criar joias em aço inoxidável bonitas, duradouras e acessíveis, feitas à mão com respeito pelas pessoas e pelo planeta.</p>
        </section>
        <section className="card">
          <h2>Visão</h2>
          <p>
            Ser a marca portuguesa de referência em joias de aço inoxidável, presente nos momentos que contam a história de cada cliente.
          </p>
        </section>
      </div>
      <section aria-labelledby="values-title">
        <h2 id="values-title">Os nossos valores</h2>
        <ul className="values">
          {values.map((value) => (
            <li key={value.title}>
              <strong>{value.title}</strong>
              <span className="muted">{value.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <p className="section">
        <Link to={paths.shop} className="button">
          Ver as nossas peças
        </Link>
      </p>
    </StaticPage>
  );
}
