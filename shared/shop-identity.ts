/**
 * Who the shop is, declared once for every place that signs as the shop (the e-mails' header and
 * footer first of all).
 */

/**
 * The shop's name, what it makes, and its legal identification. `legal` is a PLACEHOLDER until the
 * owner gives the company's details (firm name, NIF, registered address): replace it here and every
 * e-mail follows at the next deploy.
 *
 * @example
 * SHOP_IDENTITY.name; // 'Joias Inox'
 */
export const SHOP_IDENTITY = {
  name: 'Joias Inox',
  tagline: 'Joias artesanais em aço inoxidável, feitas à mão em Portugal',
  legal: 'Joias Inox · NIF: [a indicar] · Sede: [morada a indicar]',
} as const;
