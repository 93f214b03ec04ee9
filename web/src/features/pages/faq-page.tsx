import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from '#web/lib/router.tsx';
import { paths, SIZE_GUIDE_ANCHOR } from '#shared/paths.ts';
import { ShopEmail } from '#web/ui/shop-email.tsx';
import { ChevronDownIcon } from '#web/ui/icons.tsx';
import {
  braceletLengths,
  CANCELLATION_WINDOW_HOURS,
  DEFECT_REPORT_DAYS,
  internationalDelivery,
  nationalDelivery,
  necklaceLengths,
  RESPONSE_OR_REFUND_HOURS,
} from './policy-facts.ts';
import { StaticPage } from './static-page.tsx';
import { WITHDRAWAL_DAYS } from '#shared/withdrawal.ts';

/** The nine questions. */
const questions: readonly { question: string; answer: ReactNode; anchor?: string }[] = [
  {
    question: 'Como devo cuidar das minhas peças de aço inoxidável?',
    answer: (
      <p>
        Limpa-as com um pano macio e água morna com sabão neutro, seca-as bem e guarda-as separadas para não se riscarem. Evita produtos
        abrasivos e lixívia. O aço inoxidável não escurece nem enferruja.
      </p>
    ),
  },
  {
    question: 'As joias causam alergias?',
    answer: (
      <p>
        O aço inoxidável 316L é hipoalergénico e é usado até em material cirúrgico, por isso é indicado para peles sensíveis. Se tiveres uma
        alergia conhecida a algum metal, fala connosco antes de comprar.
      </p>
    ),
  },
  {
    question: 'Como escolho o tamanho certo?',
    anchor: SIZE_GUIDE_ANCHOR,
    answer: (
      <>
        <p>
          Os nossos colares e fios existem em {necklaceLengths}; as pulseiras medem {braceletLengths}, com extensão. Nas peças com tamanhos,
          escolhe o teu na página da peça; a medida das outras está na sua descrição.
        </p>
        <p>
          Para um anel, mede o perímetro interior de um anel que já uses (ou o do teu dedo, com uma tira de papel): o tamanho é esse
          perímetro em milímetros menos 40. Por exemplo, 54 mm é o tamanho 14. Entre dois tamanhos, escolhe o maior.
        </p>
      </>
    ),
  },
  {
    question: 'Quanto tempo demora a entrega?',
    answer: (
      <p>
        Em Portugal, {nationalDelivery} depois de confirmarmos o pagamento; para o estrangeiro, {internationalDelivery}. Vê os{' '}
        <Link to={paths.shippingPolicy}>detalhes de envio</Link>.
      </p>
    ),
  },
  {
    question: 'Posso devolver ou trocar uma peça?',
    answer: (
      <p>
        Sim: tens {WITHDRAWAL_DAYS} dias após a receção para desistir da compra sem indicar motivo (
        <Link to={paths.withdrawal}>direito de livre resolução</Link>), exceto em peças personalizadas. Se a peça tiver um defeito,
        avisa-nos no prazo de {DEFECT_REPORT_DAYS} dias após a receção e respondemos ou reembolsamos em até {RESPONSE_OR_REFUND_HOURS}{' '}
        horas. Peças promocionais não podem ser trocadas, mas mantêm o direito de livre resolução. Lê a{' '}
        <Link to={paths.returns}>política de devoluções</Link>.
      </p>
    ),
  },
  {
    question: 'Como acompanho a minha encomenda?',
    answer: (
      <p>
        Assim que a encomenda seguir, enviamos-te um e-mail. Com CTT Expresso recebes também o código de seguimento para acompanhares o
        envio no site dos CTT.
      </p>
    ),
  },
  {
    question: 'Posso cancelar a minha encomenda?',
    answer: (
      <p>
        Sim, até {CANCELLATION_WINDOW_HOURS} horas depois do pagamento, desde que a encomenda ainda não tenha sido enviada. Escreve-nos com
        o número da encomenda.
      </p>
    ),
  },
  {
    question: 'Fazem peças personalizadas?',
    answer: (
      <p>
        Sim, fazemos gravações e pequenas adaptações sempre que a peça o permita. Fala connosco antes de encomendar; lembra-te de que as
        peças personalizadas não podem ser devolvidas.
      </p>
    ),
  },
  {
    question: 'Como falo com o apoio ao cliente?',
    answer: (
      <p>
        Escreve para <ShopEmail /> ou usa o <Link to={paths.contact}>formulário de contacto</Link>. Respondemos em até{' '}
        {RESPONSE_OR_REFUND_HOURS} horas.
      </p>
    ),
  },
];

/** /faq: nine questions; one answer open at a time, and the open one closes when clicked again. */
export function FaqPage() {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  // A link to an answer (`/faq#tamanhos`, from a product page) opens it: after hydration, as the
  // pre-rendered page knows no address fragment.
  const { hash } = useLocation();
  useEffect(() => {
    const index = questions.findIndex((item) => item.anchor !== undefined && `#${item.anchor}` === hash);
    if (index < 0) return;
    setOpen(index);
    document.getElementById(questions[index]!.anchor!)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <StaticPage
      eyebrow="Ajuda"
      title="Perguntas Frequentes"
      lead="As respostas às dúvidas mais comuns sobre as nossas peças, encomendas e envios."
      description={
        'Perguntas frequentes sobre as joias Joias Inox: cuidados com o aço, alergias, ' +
        'tamanhos, prazos de entrega, devoluções, seguimento e personalização.'
      }
    >
      <ul className="faq">
        {questions.map((item, i) => {
          const expanded = open === i;
          return (
            <li key={item.question} id={item.anchor}>
              <h2>
                <button
                  type="button"
                  className="faq__question"
                  id={`${id}-q${i}`}
                  aria-expanded={expanded}
                  aria-controls={`${id}-a${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                >
                  {item.question}
                  <ChevronDownIcon />
                </button>
              </h2>
              <div id={`${id}-a${i}`} role="region" aria-labelledby={`${id}-q${i}`} className="faq__answer" hidden={!expanded}>
                {item.answer}
              </div>
            </li>
          );
        })}
      </ul>
    </StaticPage>
  );
}
