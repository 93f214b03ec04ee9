/**
 * To the customer, after delivery: how did it go. Data (`MailData['review-request']`): name.
 */
import { greeting, type MailTemplateFile } from '../parts.ts';

export const reviewRequest: MailTemplateFile<'review-request'> = {
  id: 'review-request',
  source: {
    subject: 'Gostaste das tuas joias?',
    preview: 'A tua opinião ajuda-nos muito.',
    body:
      `        ${greeting}
        <mj-text><p>Esperamos que estejas a gostar das tuas peças. A tua opinião ajuda-nos muito: conta-nos como correu, respondendo ` +
      `a este e-mail ou nas nossas redes sociais.</p></mj-text>`,
    text:
      `Olá {{text.name}},

Esperamos que estejas a gostar das tuas peças. A tua opinião ajuda-nos muito: conta-nos como correu, respondendo a este e-mail ou nas ` +
      `nossas redes sociais.`,
  },
};
