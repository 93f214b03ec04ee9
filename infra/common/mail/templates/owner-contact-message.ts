/**
 * To the owner: a message of the contact form. Data (`MailData['owner-contact-message']`): name,
 * email, phone, subject, message.
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerContactMessage: MailTemplateFile<'owner-contact-message'> = {
  id: 'owner-contact-message',
  source: {
    subject: 'Nova mensagem de contacto: {{text.subject}}',
    preview: '{{name}} escreveu pelo formulário de contacto.',
    body:
      `        <mj-text><p><strong>{{name}}</strong> ({{email}}, {{phone}}) escreveu pelo ` +
      `formulário de contacto:</p><p><strong>{{subject}}</strong></p><p>{{message}}</p><p>Responde ` +
      `a partir do teu e-mail; a mensagem fica também no back-office (Contactos).</p></mj-text>`,
    text: `{{text.name}} ({{text.email}}, {{text.phone}}) escreveu pelo formulário de contacto:

{{text.subject}}

{{text.message}}

A mensagem fica também no back-office (Contactos).`,
  },
};
