/**
 * Data: nome, email, telefone, assunto, mensagem. To the owner.
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerContactMessage: MailTemplateFile<'owner-contact-message'> = {
  id: 'owner-contact-message',
  source: {
    subject: 'Nova mensagem de contacto: {{texto.assunto}}',
    preview: '{{nome}} escreveu pelo formulário de contacto.',
    body: `        <mj-text><p><strong>{{nome}}</strong> ({{email}}, {{telefone}}) escreveu pelo formulário de contacto:</p><p><strong>{{assunto}}</strong></p><p>{{mensagem}}</p><p>Responde a partir do teu e-mail; a mensagem fica também no back-office (Contactos).</p></mj-text>`,
    text: `{{texto.nome}} ({{texto.email}}, {{texto.telefone}}) escreveu pelo formulário de contacto:

{{texto.assunto}}

{{texto.mensagem}}

A mensagem fica também no back-office (Contactos).`,
  },
};
