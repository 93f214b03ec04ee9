/**
 * Who the shop is, declared once for every place that signs as the shop: the storefront's footer and
 * its "Informação legal" page, the right-of-withdrawal page and form (web and PDF), and the e-mails'
 * header and footer.
 *
 * The seller's identification is what Portuguese law asks an online seller to show before a purchase
 * (Decreto-Lei 24/2014, art. 4.º; Decreto-Lei 7/2004, art. 10.º): legal name, tax number (NIF),
 * geographic address, contacts and the commercial registration. Until the shop's settings record
 * holds them, they are the values below, and the ones marked {@link OWNER_MUST_FILL} must be filled in
 * by the owner before the shop opens. Everything reads them through {@link sellerIdentity}, so the
 * settings can replace this one source later without touching the pages.
 */

/** The mark of a value the owner must give before the shop opens (shown as it is, never invented). */
export const OWNER_MUST_FILL = '[a preencher pelo proprietário]';

/** The seller's identification, as the law asks an online shop to show it. */
export interface SellerIdentity {
  /** Trading name, the brand (shown everywhere). */
  readonly name: string;
  readonly tagline: string;
  /** Legal name of the firm or of the sole trader (denominação social / nome). */
  readonly legalName: string;
  /** Número de Identificação Fiscal (NIPC of a company, NIF of a sole trader). */
  readonly nif: string;
  /** Registered geographic address (sede), one line. */
  readonly address: string;
  readonly email: string;
  readonly phone: string;
  /** Commercial registration: conservatória and registration number (a company), or the sole trader's start of activity. */
  readonly registration: string;
  /** Share capital of a company (Código das Sociedades Comerciais, art. 171.º); empty for a sole trader. */
  readonly shareCapital: string;
}

/**
 * The values of today's single source. `name`, `tagline` and `email` are the shop's own; the others
 * are {@link OWNER_MUST_FILL} until the owner gives them.
 *
 * @example
 * SHOP_IDENTITY.name; // 'Joias Inox'
 */
export const SHOP_IDENTITY: SellerIdentity = {
  name: 'Joias Inox',
  tagline: 'Joias artesanais em aço inoxidável, feitas à mão em Portugal',
  legalName: OWNER_MUST_FILL,
  nif: OWNER_MUST_FILL,
  address: OWNER_MUST_FILL,
  email: 'ola@joiasinox.pt',
  phone: OWNER_MUST_FILL,
  registration: OWNER_MUST_FILL,
  shareCapital: OWNER_MUST_FILL,
};

/**
 * The seller's identification in force. Today {@link SHOP_IDENTITY}; the settings issue makes this
 * read the settings record instead.
 */
export function sellerIdentity(): SellerIdentity {
  return SHOP_IDENTITY;
}

/** Whether every field has been given (no {@link OWNER_MUST_FILL} left); a check before opening the shop. */
export function isIdentityComplete(identity: SellerIdentity): boolean {
  return Object.values(identity).every((value) => value !== OWNER_MUST_FILL);
}

/**
 * The seller's identification as rows (label, value), in the order the footer, the legal page and the
 * e-mails show them. Share capital only when given (a sole trader has none).
 *
 * @example
 * identityRows(SHOP_IDENTITY)[0]; // ['Denominação social', '[a preencher pelo proprietário]']
 */
export function identityRows(identity: SellerIdentity): readonly (readonly [label: string, value: string])[] {
  return [
    ['Denominação social', identity.legalName],
    ['NIF', identity.nif],
    ['Sede', identity.address],
    ['E-mail', identity.email],
    ['Telefone', identity.phone],
    ['Registo comercial', identity.registration],
    ...(identity.shareCapital ? [['Capital social', identity.shareCapital] as const] : []),
  ];
}

/**
 * The identification as one line (e-mail footers, the site footer).
 *
 * @example
 * legalLine({ ...SHOP_IDENTITY, legalName: 'Joias Inox, Lda.', nif: '500000000', address: 'Rua A, 1, 4000-001 Porto' })
 * // 'Joias Inox, Lda. · NIF 500000000 · Sede: Rua A, 1, 4000-001 Porto'
 */
export function legalLine(identity: SellerIdentity): string {
  return `${identity.legalName} · NIF ${identity.nif} · Sede: ${identity.address}`;
}
