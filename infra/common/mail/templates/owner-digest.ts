/**
 * To the owner, once an hour at most: the notifications held back that hour, counted. Data
 * (`MailData['owner-digest']`): day, start, end, total, messages, proofs, others.
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerDigest: MailTemplateFile<'owner-digest'> = {
  id: 'owner-digest',
  source: {
    subject: '{{text.total}} notificações entre as {{text.start}} e as {{text.end}} ({{text.day}})',
    preview: 'Juntámos as notificações desta hora num só e-mail.',
    body:
      `        <mj-text><p>Entre as {{start}} e as {{end}} de {{day}} chegaram mais <strong>{{total}}</strong> notificações ` +
      `do que as que enviamos por hora. Para a tua caixa de correio não encher, juntámo-las aqui:</p><ul>{{#if messages}}` +
      `<li>{{messages}} novas mensagens de contacto</li>{{/if}}{{#if proofs}}<li>{{proofs}} novos comprovativos para confirmar` +
      `</li>{{/if}}{{#if others}}<li>{{others}} outras notificações</li>{{/if}}</ul><p>Estão todas guardadas no ` +
      `back-office (Contactos e Encomendas). Se não esperavas tantas, pode ser um abuso: vê-as no back-office.</p></mj-text>`,
    text:
      `Entre as {{text.start}} e as {{text.end}} de {{text.day}} chegaram mais {{text.total}} notificações do que as que enviamos ` +
      `por hora. Para a tua caixa de correio não encher, juntámo-las aqui:
{{#if text.messages}}
- {{text.messages}} novas mensagens de contacto{{/if}}{{#if text.proofs}}
- {{text.proofs}} novos comprovativos para confirmar{{/if}}{{#if text.others}}
- {{text.others}} outras notificações{{/if}}

Estão todas guardadas no back-office (Contactos e Encomendas).`,
  },
};
