/**
 * Who the shop is, composed once for every place that signs as the shop: the storefront's footer and
 * its "Informação legal" page, the right-of-withdrawal page and form (web and PDF), the e-mails' header
 * and footer, and the packing slips.
 *
 * The seller's identification is what Portuguese law asks an online seller to show before a purchase
 * (Decreto-Lei 24/2014, art. 4.º; Decreto-Lei 7/2004, art. 10.º): legal name, tax number (NIF),
 * geographic address, contacts and the commercial registration. The brand ({@link SHOP_BRAND}) is fixed;
 * the legal details are the shop's settings (`settings.ts`, "Definições"), so the owner gives them with
 * no deploy and every page, e-mail and the PDF follow (the pages are rendered again on save).
 */
import type { SellerSettings } from './settings.ts';

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

/** The brand: what the shop is called and how it is reached (the same in every stage; not a setting). */
export const SHOP_BRAND = {
  name: 'Joias Inox',
  tagline: 'Joias artesanais em aço inoxidável, feitas à mão em Portugal',
  email: 'ola@joiasinox.pt',
} as const;

/**
 * The seller's identification in force: the brand with the legal details of the shop's settings
 * ("Definições"). A detail the owner has not given yet is empty and shown nowhere (never a
 * placeholder, never invented): the shop does not open until the go-live checklist is complete
 * (`go-live.ts`, docs/design.md §33). The contact e-mail is the brand's until the owner gives one.
 * An empty share capital is a sole trader's: none is shown.
 *
 * @example
 * sellerIdentity({ ...DEFAULT_SETTINGS.seller, nif: '500000000' }).nif; // '500000000'
 * sellerIdentity(DEFAULT_SETTINGS.seller).legalName;                     // ''
 */
export function sellerIdentity(seller: SellerSettings): SellerIdentity {
  return {
    ...SHOP_BRAND,
    legalName: seller.legalName.trim(),
    nif: seller.nif.trim(),
    address: seller.address.trim(),
    email: seller.email.trim() || SHOP_BRAND.email,
    phone: seller.phone.trim(),
    registration: seller.registration.trim(),
    shareCapital: seller.shareCapital.trim(),
  };
}

/**
 * Whether a Portuguese tax number (NIF of a person, NIPC of a company) is well formed: nine digits, a
 * first digit (or two) that the tax authority assigns, and the last digit the check digit of the eight
 * before it (weights 9 to 2, modulo 11). It catches a mistyped digit before it is printed everywhere.
 *
 * @example
 * isValidNif('500000000'); // true
 * isValidNif('500000001'); // false
 */
export function isValidNif(nif: string): boolean {
  if (!/^\d{9}$/.test(nif) || !/^(?:[1-35689]|45|7\d)/.test(nif)) return false;
  const sum = [...nif.slice(0, 8)].reduce((total, digit, index) => total + Number(digit) * (9 - index), 0);
  const rest = sum % 11;
  return Number(nif[8]) === (rest < 2 ? 0 : 11 - rest);
}

/**
 * The seller's identification as rows (label, value), in the order the footer, the legal page and the
 * e-mails show them: only the details given (share capital only for a company).
 *
 * @example
 * identityRows(sellerIdentity(DEFAULT_SETTINGS.seller))[0]; // ['E-mail', 'ola@joiasinox.pt']
 */
export function identityRows(identity: SellerIdentity): readonly (readonly [label: string, value: string])[] {
  return [
    ['Denominação social', identity.legalName],
    ['NIF', identity.nif],
    ['Sede', identity.address],
    ['E-mail', identity.email],
    ['Telefone', identity.phone],
    ['Registo comercial', identity.registration],
    ['Capital social', identity.shareCapital],
  ].filter(([, value]) => value !== '') as [string, string][];
}

/**
 * The identification as one line (e-mail footers, the site footer): the parts given.
 *
 * @example
 * legalLine({ ...sellerIdentity(DEFAULT_SETTINGS.seller), legalName: 'Joias Inox, Lda.', nif: '500000000', address: 'Rua A, 1, 4000-001
 * Porto' }) // 'Joias Inox, Lda. · NIF 500000000 · Sede: Rua A, 1, 4000-001 Porto'
 */
export function legalLine(identity: SellerIdentity): string {
  const parts = [identity.legalName, identity.nif && `NIF ${identity.nif}`, identity.address && `Sede: ${identity.address}`];
  return parts.filter(Boolean).join(' · ');
}
