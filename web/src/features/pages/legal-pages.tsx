import { Link } from '#web/lib/router.tsx';
import { paths } from '#shared/paths.ts';
import { identityRows, SHOP_BRAND, type SellerIdentity } from '#shared/shop-identity.ts';
import { WITHDRAWAL_DAYS, WITHDRAWAL_REFUND_DAYS, WITHDRAWAL_RETURN_DAYS, withdrawalForm } from '#shared/withdrawal.ts';
import { externalLinks } from '#web/lib/shop-paths.ts';
import { useSeller } from '#web/lib/shop-info.ts';
import { CANCELLATION_WINDOW_HOURS, DEFECT_REPORT_DAYS, freeShippingFrom, RESPONSE_OR_REFUND_HOURS } from './policy-facts.ts';
import { StaticPage } from './static-page.tsx';
import { ExternalLink as External } from '#web/ui/external-link.tsx';

/** The seller's identification as a list of label and value (the shop's settings, composed by `shared/shop-identity.ts`). */
export function SellerDetails() {
  const seller = useSeller();
  if (!seller) return <p className="muted">A carregar a identificação do vendedor…</p>;
  return (
    <dl className="seller-details" data-testid="seller-details">
      {identityRows(seller).map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{label === 'E-mail' ? <a href={`mailto:${value}`}>{value}</a> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /Informação-Legal: who sells, how prices are shown, complaints and dispute resolution. */
export function LegalInfoPage() {
  const brand = SHOP_BRAND;
  return (
    <StaticPage
      eyebrow="Ajuda"
      title="Informação legal"
      lead={`Quem vende na loja online ${brand.name}, como apresentamos os preços e como podes reclamar.`}
      description={
        `Identificação do vendedor (${brand.name}), preços com IVA incluído, direito ` +
        `de livre resolução, Livro de Reclamações e resolução alternativa de litígios.`
      }
    >
      <div className="prose">
        <h2>Identificação do vendedor</h2>
        <SellerDetails />
        <h2>Preços</h2>
        <p>
          Todos os preços estão em euros e <strong>incluem o IVA</strong> à taxa legal em vigor. Nas peças em promoção mostramos o preço
          anterior riscado ao lado do preço com desconto. Os portes de envio não estão incluídos no preço das peças: são indicados antes de
          confirmares a encomenda e são grátis a partir de {freeShippingFrom} (antes de descontos).
        </p>
        <h2>Direito de livre resolução</h2>
        <p>
          Tens {WITHDRAWAL_DAYS} dias, a contar da receção das peças, para desistir da compra sem indicar motivo. Vê{' '}
          <Link to={paths.withdrawal}>como exercer o direito de livre resolução</Link> e o formulário.
        </p>
        <h2>Reclamações e resolução de litígios</h2>
        <p>
          Podes apresentar reclamação no <External href={externalLinks.complaintsBook}>Livro de Reclamações Eletrónico</External>. Em caso
          de litígio de consumo podes recorrer à entidade de resolução alternativa de litígios CNIACC – Centro Nacional de Informação e
          Arbitragem de Conflitos de Consumo (<External href={externalLinks.disputeResolution}>www.cniacc.pt</External>
          ). Mais informações no <External href={externalLinks.consumerPortal}>Portal do Consumidor</External>.
        </p>
        <h2>Faturas</h2>
        <p>Os e-mails da encomenda não são faturas; a fatura é emitida pela loja nos termos da lei.</p>
        <p>
          Consulta também os <Link to={paths.terms}>Termos e Condições</Link>, a <Link to={paths.returns}>Política de Devoluções</Link> e a{' '}
          <Link to={paths.privacy}>Política de Privacidade</Link>.
        </p>
      </div>
    </StaticPage>
  );
}

/** The model withdrawal form, as the law gives it, with the seller filled in. */
function WithdrawalFormText({ seller }: { readonly seller: SellerIdentity }) {
  const form = withdrawalForm(seller);
  return (
    <section className="card withdrawal-form" aria-labelledby="withdrawal-form-title" data-testid="withdrawal-form">
      <h2 id="withdrawal-form-title">{form.title}</h2>
      <p className="muted">{form.instruction}</p>
      <ul>
        <li>{form.addressee}</li>
        {form.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="muted">{form.footnote}</p>
    </section>
  );
}

/** /Livre-Resolução: the 14-day right of withdrawal (Decreto-Lei 24/2014), how to use it, and the form (page and PDF). */
export function WithdrawalPage() {
  const seller = useSeller();
  const brand = SHOP_BRAND;
  return (
    <StaticPage
      eyebrow="Ajuda"
      title="Direito de livre resolução"
      lead={
        `Numa compra à distância tens ${WITHDRAWAL_DAYS} dias para desistir, ` +
        `sem teres de indicar o motivo e sem custos além da devolução das peças.`
      }
      description={
        `Como desistir de uma compra na ${brand.name} no prazo de ${WITHDRAWAL_DAYS} ` +
        `dias (Decreto-Lei n.º 24/2014) e o formulário de livre resolução.`
      }
    >
      <div className="prose">
        <h2>Prazo</h2>
        <p>
          Tens <strong>{WITHDRAWAL_DAYS} dias</strong> para resolver o contrato (desistir da compra), a contar do dia em que tu, ou alguém
          que indicaste que não seja o transportador, recebes as peças. Numa encomenda com várias peças entregues em dias diferentes, o
          prazo conta a partir da receção da última.
        </p>
        <h2>Como exercer</h2>
        <ol>
          <li>
            Envia-nos, dentro do prazo, o{' '}
            <a href={paths.withdrawalFormPdf} download>
              formulário de livre resolução (PDF)
            </a>{' '}
            preenchido, ou qualquer outra declaração clara de que desistes da compra (basta um e-mail), para{' '}
            <a href={`mailto:${brand.email}`}>{brand.email}</a>
            {seller && <> ou por correio para {seller.address}</>}. Indica o número da encomenda.
          </li>
          <li>
            Devolve as peças no prazo de {WITHDRAWAL_RETURN_DAYS} dias a contar dessa comunicação, para a mesma morada. O custo direto da
            devolução fica a teu cargo.
          </li>
          <li>
            Reembolsamos todos os pagamentos recebidos, incluindo os portes de envio normais, no prazo de {WITHDRAWAL_REFUND_DAYS} dias a
            contar da tua comunicação, pelo mesmo meio de pagamento que usaste. Podemos reter o reembolso até recebermos as peças ou até nos
            mostrares o comprovativo do seu envio.
          </li>
        </ol>
        <p>
          Podes experimentar as peças como o farias numa loja; só respondes pela desvalorização que resulte de um manuseamento além do
          necessário para verificar a sua natureza e características.
        </p>
        <h2>Exceções</h2>
        <p>
          Não há direito de livre resolução para <strong>peças personalizadas</strong> ou feitas segundo as tuas especificações (artigo 17.º
          do Decreto-Lei n.º 24/2014). <strong>As peças em promoção têm o mesmo direito de livre resolução</strong> que as outras: a regra
          da loja de não aceitar devolver peças promocionais aplica-se apenas às trocas que fazemos por cortesia, nunca a este direito.
        </p>
        <h2>O formulário</h2>
        <p>
          <a className="button button--secondary" href={paths.withdrawalFormPdf} download data-testid="withdrawal-pdf">
            Descarregar o formulário (PDF)
          </a>
        </p>
      </div>
      {seller && <WithdrawalFormText seller={seller} />}
      <div className="prose">
        <p>
          Este direito acresce às nossas regras de <Link to={paths.returns}>devoluções e reembolsos</Link> (cancelamento até{' '}
          {CANCELLATION_WINDOW_HOURS} horas após o pagamento, defeitos comunicados em {DEFECT_REPORT_DAYS} dias com resposta em{' '}
          {RESPONSE_OR_REFUND_HOURS} horas) e à garantia legal de conformidade, que nenhuma delas limita.
        </p>
      </div>
    </StaticPage>
  );
}
