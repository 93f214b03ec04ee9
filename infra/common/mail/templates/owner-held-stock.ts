/**
 * To the owner, once per rise: more than half of the stock is held by unpaid reservations. Data
 * (`MailData['owner-held-stock']`): held, total, percent, reservations, link (the orders list filtered
 * to open reservations).
 */
import { COLOR, type MailTemplateFile } from '../parts.ts';

export const ownerHeldStock: MailTemplateFile<'owner-held-stock'> = {
  id: 'owner-held-stock',
  source: {
    subject: 'Mais de metade do stock está reservado sem pagamento ({{text.percent}} %)',
    preview: '{{held}} de {{total}} peças estão presas em reservas por pagar.',
    body:
      `        <mj-text><p><strong>{{held}} de {{total}} peças</strong> da loja ({{percent}} %) estão reservadas em ` +
      `{{reservations}} encomendas que ainda não foram pagas. Enquanto estiverem reservadas, os outros clientes veem-nas como ` +
      `esgotadas.</p><p>Pode ser movimento normal, ou alguém a prender o stock. Vê as reservas abertas: se alguma for suspeita, ` +
      `abre-a e usa «Fechar como suspeita» (as peças voltam ao stock e o cliente fica bloqueado durante o tempo que escolheres); ` +
      `várias fecham-se de uma vez na lista.</p></mj-text>
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" ` +
      `border-radius="4px" inner-padding="12px 28px" padding="8px 28px 16px">Ver as reservas abertas</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Só recebes este aviso outra vez depois de as reservas descerem abaixo de ` +
      `metade e voltarem a subir.</p></mj-text>`,
    text:
      `{{text.held}} de {{text.total}} peças da loja ({{text.percent}} %) estão reservadas em {{text.reservations}} encomendas ` +
      `que ainda não foram pagas. Enquanto estiverem reservadas, os outros clientes veem-nas como esgotadas.

Pode ser movimento normal, ou alguém a prender o stock. Vê as reservas abertas: {{text.link}}
Se alguma for suspeita, abre-a e usa «Fechar como suspeita» (as peças voltam ao stock e o cliente fica bloqueado durante o tempo que ` +
      `escolheres); várias fecham-se de uma vez na lista.

Só recebes este aviso outra vez depois de as reservas descerem abaixo de metade e voltarem a subir.`,
  },
};
