/**
 * Data: dia, inicio, fim, total, mensagens, comprovativos, outras. To the owner, once an hour at most.
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerDigest: MailTemplateFile<'owner-digest'> = {
  id: 'owner-digest',
  source: {
    subject: '{{texto.total}} notificações entre as {{texto.inicio}} e as {{texto.fim}} ({{texto.dia}})',
    preview: 'Juntámos as notificações desta hora num só e-mail.',
    body: `        <mj-text><p>Entre as {{inicio}} e as {{fim}} de {{dia}} chegaram mais <strong>{{total}}</strong> notificações do que as que enviamos por hora. Para a tua caixa de correio não encher, juntámo-las aqui:</p><ul>{{#if mensagens}}<li>{{mensagens}} novas mensagens de contacto</li>{{/if}}{{#if comprovativos}}<li>{{comprovativos}} novos comprovativos para confirmar</li>{{/if}}{{#if outras}}<li>{{outras}} outras notificações</li>{{/if}}</ul><p>Estão todas guardadas no back-office (Contactos e Encomendas). Se não esperavas tantas, pode ser um abuso: vê-as no back-office.</p></mj-text>`,
    text: `Entre as {{texto.inicio}} e as {{texto.fim}} de {{texto.dia}} chegaram mais {{texto.total}} notificações do que as que enviamos por hora. Para a tua caixa de correio não encher, juntámo-las aqui:
{{#if texto.mensagens}}
- {{texto.mensagens}} novas mensagens de contacto{{/if}}{{#if texto.comprovativos}}
- {{texto.comprovativos}} novos comprovativos para confirmar{{/if}}{{#if texto.outras}}
- {{texto.outras}} outras notificações{{/if}}

Estão todas guardadas no back-office (Contactos e Encomendas).`,
  },
};
