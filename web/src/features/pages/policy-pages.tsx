import { Link } from '#web/lib/router.tsx';
import { formatCents } from '#shared/money.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { SHIPPING_METHOD_IDS, SHIPPING_METHODS } from '#shared/shipping.ts';
import { paths } from '#shared/paths.ts';
import { externalLinks } from '#web/lib/shop-paths.ts';
import { ShopEmail } from '#web/ui/shop-email.tsx';
import {
  braceletLengths as bracelets,
  CANCELLATION_WINDOW_HOURS,
  DEFECT_REPORT_DAYS,
  freeShippingFrom,
  internationalDelivery as international,
  nationalDelivery as national,
  necklaceLengths as necklaces,
  RESPONSE_OR_REFUND_HOURS,
} from './policy-facts.ts';
import { StaticPage } from './static-page.tsx';
import { useShopInfo } from '#web/lib/shop-info.ts';
import { ExternalLink as External } from '#web/ui/external-link.tsx';
import { WITHDRAWAL_DAYS } from '#shared/withdrawal.ts';
import { ACCESS_LOG_DAYS } from '#shared/policies.ts';
import { LONGEST_BLOCK_DAYS } from '#shared/abuse.ts';

// The methods every shop takes; Multibanco exists only while the owner has the payment provider take it
// ("Pagamentos automáticos", off by default), so a page that does not follow the settings does not promise it.
const paymentMethods = PAYMENT_METHOD_IDS.filter((id) => id !== 'multibanco')
  .map((id) => PAYMENT_METHOD_LABELS[id])
  .join(', ')
  .replace(/, ([^,]+)$/, ' e $1');

/** The shop's contact address in force (Definições). */
const Email = ShopEmail;

/** Backups keep deleted data a while longer: DynamoDB's point-in-time recovery (35 days) and the proofs bucket's old versions. */
/** Point-in-time recovery (35 days), the proofs' old versions (90), the monthly backups (`infra/cloud/backups.ts`: 365 days). */
const BACKUP_DAYS = { database: 35, proofs: 90, monthlyMonths: 12 } as const;

/** The retention periods in force (the shop's settings, edited on the back-office's "Definições"). */
function RetentionPeriods() {
  const info = useShopInfo();
  if (!info) {
    return (
      <p>
        Guardamos os dados das encomendas durante o prazo legal de conservação de documentos; as mensagens de contacto, os avisos de stock e
        os comprovativos de pagamento apenas durante o prazo que fixamos para cada um, e depois apagamo-los.
      </p>
    );
  }
  const { retention, orderRetentionYears } = info;
  return (
    <>
      <ul data-testid="retention-periods">
        <li>
          <strong>Encomendas:</strong> {orderRetentionYears} anos, o prazo que a lei impõe para os registos de contabilidade.
        </li>
        <li>
          <strong>Faturas e notas de crédito:</strong> 10 anos, como a lei obriga, com o nome e o NIF que nelas constam, mesmo que nos peças
          para apagar os teus dados (apagamo-los da encomenda, não do documento fiscal).
        </li>
        <li>
          <strong>Comprovativos de pagamento:</strong> {retention.proofsDays} dias a contar da encomenda.
        </li>
        <li>
          <strong>Endereço de rede de uma reserva:</strong> só enquanto a encomenda espera pelo pagamento ou pela confirmação dele; apagado
          logo que é confirmada, enviada ou fechada. Numa lista de bloqueio, até ao fim do bloqueio ({LONGEST_BLOCK_DAYS} dias no máximo).
        </li>
        <li>
          <strong>Mensagens de contacto:</strong> {retention.contactMessagesDays} dias a contar da mensagem.
        </li>
        <li>
          <strong>Avisos de stock:</strong> {retention.stockAlertsDays} dias a contar do pedido.
        </li>
        <li>
          <strong>Registos de acesso</strong> (o endereço de rede, a hora, a página ou o pedido feito e o navegador, para a segurança da
          loja e para encontrar falhas): {ACCESS_LOG_DAYS} dias, e depois são apagados. Não guardam o teu e-mail nem o código de acesso da
          tua encomenda.
        </li>
      </ul>
      <p>
        Passado o prazo, a loja apaga estes dados automaticamente (uma vez por dia). As cópias de segurança guardam-nos no máximo mais{' '}
        {BACKUP_DAYS.database} dias (os comprovativos, {BACKUP_DAYS.proofs} dias); a cópia de segurança mensal da base de dados, feita no
        dia 1 de cada mês, é guardada {BACKUP_DAYS.monthlyMonths} meses e depois apagada. Podes pedir que os apaguemos antes, como
        explicamos em baixo.
      </p>
    </>
  );
}

/** /Politica-Privacidade */
export function PrivacyPolicyPage() {
  return (
    <StaticPage
      eyebrow="Ajuda"
      title="Política de Privacidade"
      lead={
        'Tratamos os teus dados pessoais apenas para o que é preciso e com o cuidado ' +
        'que merecem, de acordo com o Regulamento Geral sobre a Proteção de Dados (RGPD).'
      }
      description={
        'Que dados pessoais a Joias Inox recolhe, para quê, durante quanto ' +
        'tempo, com quem os partilha e como exerces os teus direitos.'
      }
    >
      <div className="prose">
        <h2>Quem trata os teus dados</h2>
        <p>
          A Joias Inox é a responsável pelo tratamento dos dados recolhidos nesta loja. Para qualquer questão sobre privacidade escreve para{' '}
          <Email />.
        </p>
        <h2>Que dados recolhemos e para quê</h2>
        <ul>
          <li>
            <strong>Encomendas:</strong> e-mail, nome, apelido, morada, localidade, código postal, telefone, método de envio e de pagamento
            e o comprovativo de pagamento, para processar, enviar e apoiar a tua encomenda e cumprir obrigações legais.
          </li>
          <li>
            <strong>Reservas por pagar:</strong> o endereço de internet (IP) de onde reservas (num endereço IPv6, só a rede /64), com o teu
            e-mail e telefone, em forma codificada e só enquanto a reserva espera o pagamento ou a confirmação do comprovativo, para que
            ninguém possa reservar sozinho as peças de todos. Apagamos esse registo logo que a encomenda é paga, cancelada ou expira. Se uma
            encomenda for fechada por suspeita de abuso, o e-mail, o telefone e esse endereço deixam de poder reservar durante o tempo
            escolhido (no máximo {LONGEST_BLOCK_DAYS} dias).
          </li>
          <li>
            <strong>Fatura com contribuinte:</strong> o NIF e o nome da empresa, só se os indicares na compra, para os pôr na fatura.
          </li>
          <li>
            <strong>Contactos:</strong> nome, e-mail, telefone, assunto e mensagem, para te responder.
          </li>
          <li>
            <strong>Avisos de stock:</strong> o teu e-mail e a peça pedida, para te avisarmos uma vez quando ela voltar.
          </li>
        </ul>
        <h2>Durante quanto tempo</h2>
        <RetentionPeriods />
        <h2>Com quem partilhamos</h2>
        <p>
          Só com quem nos ajuda a servir-te: os CTT, para entregar as encomendas, os prestadores de serviços tecnológicos que alojam a loja
          e enviam os nossos e-mails, e o programa de faturação certificado em que emitimos as faturas, sempre vinculados a tratar os dados
          apenas por nossa conta. Os comprovativos de pagamento ficam guardados de forma privada e só a nossa equipa os pode ver. Não
          vendemos dados a ninguém.
        </p>
        <h2>Cookies e armazenamento no navegador</h2>
        <p>
          Não usamos cookies de publicidade nem de seguimento. O teu navegador guarda o carrinho e os passos da compra no seu próprio
          armazenamento local, apenas para a loja funcionar.
        </p>
        <h2>Os teus direitos</h2>
        <p>
          Podes pedir o acesso, a retificação, o apagamento, a limitação ou a portabilidade dos teus dados e opor-te ao seu tratamento,
          escrevendo para <Email />. Tens ainda o direito de apresentar reclamação à Comissão Nacional de Proteção de Dados, CNPD (
          <External href="https://www.cnpd.pt">www.cnpd.pt</External>).
        </p>
      </div>
    </StaticPage>
  );
}

/** /Politica-Devoluções */
export function ReturnsPolicyPage() {
  return (
    <StaticPage
      eyebrow="Ajuda"
      title="Política de Devoluções e Reembolsos"
      lead="Queremos que fiques feliz com cada peça. Se algo não estiver bem, resolvemos contigo depressa."
      description={
        `Livre resolução em ${WITHDRAWAL_DAYS} dias, cancelamentos até ${CANCELLATION_WINDOW_HOURS} horas após o pagamento, ` +
        `defeitos comunicados em ${DEFECT_REPORT_DAYS} dias e resposta ou reembolso em ${RESPONSE_OR_REFUND_HOURS} horas.`
      }
    >
      <div className="prose">
        <h2>Cancelamento</h2>
        <p>
          Podes cancelar a tua encomenda até <strong>{CANCELLATION_WINDOW_HOURS} horas após o pagamento</strong>, desde que ainda não tenha
          sido enviada. Escreve para <Email /> com o número da encomenda.
        </p>
        <h2>Direito de livre resolução ({WITHDRAWAL_DAYS} dias)</h2>
        <p>
          Numa compra online tens <strong>{WITHDRAWAL_DAYS} dias</strong> a contar da receção das peças para desistir da compra, sem indicar
          o motivo (Decreto-Lei n.º 24/2014). Basta enviares-nos o{' '}
          <a href={paths.withdrawalFormPdf} download>
            formulário de livre resolução
          </a>{' '}
          ou um e-mail a dizê-lo; reembolsamos tudo o que pagaste, incluindo os portes de envio normais. Vê{' '}
          <Link to={paths.withdrawal}>como exercer este direito</Link>.
        </p>
        <h2>Peças com defeito</h2>
        <p>
          Se a tua peça chegar com defeito, comunica-nos no prazo de <strong>{DEFECT_REPORT_DAYS} dias</strong> após a receção, com o número
          da encomenda e fotografias do problema. Respondemos ou reembolsamos em até <strong>{RESPONSE_OR_REFUND_HOURS} horas</strong>. Este
          prazo é o do nosso serviço rápido: não encurta a garantia legal de conformidade, que continua a proteger-te depois dele.
        </p>
        <h2>Exceções</h2>
        <p>
          <strong>Peças personalizadas</strong> (feitas segundo as tuas indicações) não podem ser devolvidas nem têm direito de livre
          resolução, como a lei permite. <strong>Peças promocionais não podem ser trocadas</strong>; esta regra aplica-se só às trocas que
          fazemos por cortesia: as peças promocionais mantêm o direito de livre resolução de {WITHDRAWAL_DAYS} dias e a garantia legal, como
          qualquer outra peça.
        </p>
        <h2>Reembolsos</h2>
        <p>
          Os reembolsos são feitos pelo mesmo meio de pagamento usado na compra, em até {RESPONSE_OR_REFUND_HOURS} horas depois de
          aceitarmos o pedido.
        </p>
        <h2>Os teus direitos</h2>
        <p>
          Esta política não afasta os direitos que a lei te garante enquanto consumidor, incluindo a garantia legal de conformidade. Em caso
          de litígio podes usar o <External href={externalLinks.complaintsBook}>Livro de Reclamações Eletrónico</External> ou recorrer ao{' '}
          <External href={externalLinks.disputeResolution}>CNIACC</External>.
        </p>
      </div>
    </StaticPage>
  );
}

/** /Detalhes-Envios */
export function ShippingPolicyPage() {
  return (
    <StaticPage
      eyebrow="Ajuda"
      title="Detalhes de Envio"
      lead={`Enviamos pelos CTT. Portes grátis em encomendas a partir de ${freeShippingFrom}.`}
      description={
        `Envios pelos CTT: ${national} em Portugal, ${international} para ` +
        `o estrangeiro. Portes grátis a partir de ${freeShippingFrom}.`
      }
    >
      <div className="prose">
        <h2>Métodos e custos</h2>
        <ul>
          {SHIPPING_METHOD_IDS.map((id) => (
            <li key={id}>
              <strong>
                {SHIPPING_METHODS[id].label}: {formatCents(SHIPPING_METHODS[id].costCents)}
              </strong>{' '}
              — {SHIPPING_METHODS[id].description}
            </li>
          ))}
        </ul>
        <p>
          O envio é <strong>grátis</strong> quando o subtotal da encomenda (antes de descontos) é igual ou superior a {freeShippingFrom}.
        </p>
        <h2>Prazos de entrega</h2>
        <ul>
          <li>
            <strong>Portugal:</strong> {national}.
          </li>
          <li>
            <strong>Internacional:</strong> {international}. De momento a loja online aceita apenas moradas em Portugal; para envios para o
            estrangeiro, <Link to={paths.contact}>fala connosco</Link>.
          </li>
        </ul>
        <p>Os prazos contam a partir da confirmação do pagamento: só enviamos depois de confirmarmos o teu comprovativo.</p>
        <h2>Seguimento</h2>
        <p>Quando a encomenda seguir, avisamos-te por e-mail. Com CTT Expresso enviamos também o código de seguimento.</p>
      </div>
    </StaticPage>
  );
}

/** /Termos-e-Condições */
export function TermsPage() {
  return (
    <StaticPage
      eyebrow="Ajuda"
      title="Termos e Condições"
      lead="As regras das compras na loja online Joias Inox. Ao fazeres uma encomenda aceitas estes termos."
      description={
        'Termos e condições de compra na Joias Inox: produtos, preços, ' +
        'pagamento, envio, cancelamento, devoluções e resolução de litígios.'
      }
    >
      <div className="prose">
        <h2>1. A loja</h2>
        <p>
          Esta loja online é da Joias Inox, marca portuguesa de joias artesanais em aço inoxidável. Contacto: <Email />. A identificação
          completa do vendedor está na <Link to={paths.legal}>Informação legal</Link>.
        </p>
        <h2>2. Produtos</h2>
        <p>
          As nossas peças são feitas à mão em aço inoxidável, por isso pequenas diferenças entre peças são naturais. Os colares e fios
          existem em {necklaces}; as pulseiras medem {bracelets}.
        </p>
        <h2>3. Preços</h2>
        <p>
          Os preços estão em euros (€), com impostos incluídos. Os portes são indicados antes de confirmares a encomenda e são grátis quando
          o subtotal (antes de descontos) é igual ou superior a {freeShippingFrom}. O valor a pagar é o que o servidor da loja calcula no
          momento da encomenda, igual ao apresentado no carrinho.
        </p>
        <h2>4. Reserva, pagamento e encomenda</h2>
        <p>
          Aceitamos {paymentMethods}. Quando confirmas os dados de envio e pagamento, reservamos para ti as peças e o valor a pagar: a
          reserva tem um número, que é a referência do pagamento, e um prazo para pagar — por norma 30 minutos com MB WAY e 2 horas com os
          outros métodos. O prazo exato aparece na página de pagamento e no e-mail da reserva, que também traz a ligação para a tua
          encomenda.
        </p>
        <p>
          O pagamento é feito fora do site, seguindo as instruções apresentadas. Depois de pagares, envia o comprovativo dentro do prazo, na
          página de pagamento ou na página da encomenda (em qualquer dispositivo): a encomenda fica registada quando o recebemos, e enviamos
          depois de confirmarmos o pagamento. Se o prazo terminar sem comprovativo, a reserva é cancelada e as peças voltam à loja; não
          pagues uma reserva cancelada, faz uma nova encomenda. Os e-mails da reserva e da encomenda não são faturas.
        </p>
        <h2>5. Envio</h2>
        <p>
          Enviamos depois de confirmarmos o pagamento: {national} em Portugal e {international} para o estrangeiro. Consulta os{' '}
          <Link to={paths.shippingPolicy}>detalhes de envio</Link>.
        </p>
        <h2>6. Cancelamento</h2>
        <p>Podes cancelar até {CANCELLATION_WINDOW_HOURS} horas após o pagamento, se a encomenda ainda não tiver sido enviada.</p>
        <h2>7. Devoluções</h2>
        <p>
          Defeitos devem ser comunicados em {DEFECT_REPORT_DAYS} dias após a receção; respondemos ou reembolsamos em até{' '}
          {RESPONSE_OR_REFUND_HOURS} horas. Tens {WITHDRAWAL_DAYS} dias após a receção para desistir da compra sem indicar motivo (
          <Link to={paths.withdrawal}>direito de livre resolução</Link>); peças personalizadas não têm este direito. Peças promocionais não
          podem ser trocadas, mas mantêm o direito de livre resolução. Consulta a <Link to={paths.returns}>política de devoluções</Link>.
        </p>
        <h2>8. Reclamações e resolução de litígios</h2>
        <p>
          Podes apresentar reclamação no <External href={externalLinks.complaintsBook}>Livro de Reclamações Eletrónico</External>. Em caso
          de litígio de consumo podes recorrer ao CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo (
          <External href={externalLinks.disputeResolution}>www.cniacc.pt</External>). Mais informações no{' '}
          <External href={externalLinks.consumerPortal}>Portal do Consumidor</External>.
        </p>
        <h2>9. Lei aplicável</h2>
        <p>Estes termos regem-se pela lei portuguesa.</p>
      </div>
    </StaticPage>
  );
}
