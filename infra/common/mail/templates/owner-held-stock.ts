/**
 * Data: reservadas, total, percentagem, reservas, link (the orders list filtered to open reservations). To the owner, once per rise.
 */
import { COLOR, type MailTemplateFile } from '../parts.ts';

export const ownerHeldStock: MailTemplateFile<'owner-held-stock'> = {
  id: 'owner-held-stock',
  source: {
    subject: 'Mais de metade do stock está reservado sem pagamento ({{texto.percentagem}} %)',
    preview: '{{reservadas}} de {{total}} peças estão presas em reservas por pagar.',
    body: `        <mj-text><p><strong>{{reservadas}} de {{total}} peças</strong> da loja ({{percentagem}} %) estão reservadas em {{reservas}} encomendas que ainda não foram pagas. Enquanto estiverem reservadas, os outros clientes veem-nas como esgotadas.</p><p>Pode ser movimento normal, ou alguém a prender o stock. Vê as reservas abertas: se alguma for suspeita, abre-a e usa «Fechar como suspeita» (as peças voltam ao stock e o cliente fica bloqueado durante o tempo que escolheres); várias fecham-se de uma vez na lista.</p></mj-text>
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" border-radius="4px" inner-padding="12px 28px" padding="8px 28px 16px">Ver as reservas abertas</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Só recebes este aviso outra vez depois de as reservas descerem abaixo de metade e voltarem a subir.</p></mj-text>`,
    text: `{{texto.reservadas}} de {{texto.total}} peças da loja ({{texto.percentagem}} %) estão reservadas em {{texto.reservas}} encomendas que ainda não foram pagas. Enquanto estiverem reservadas, os outros clientes veem-nas como esgotadas.

Pode ser movimento normal, ou alguém a prender o stock. Vê as reservas abertas: {{texto.link}}
Se alguma for suspeita, abre-a e usa «Fechar como suspeita» (as peças voltam ao stock e o cliente fica bloqueado durante o tempo que escolheres); várias fecham-se de uma vez na lista.

Só recebes este aviso outra vez depois de as reservas descerem abaixo de metade e voltarem a subir.`,
  },
};
