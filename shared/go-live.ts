/**
 * The go-live checklist (docs/design.md §33): what the owner must give before the shop takes an order.
 * Until every item is done the public pages say "Loja em preparação" (readable, checkout closed),
 * `POST /api/orders` answers 503 `shop_not_ready`, and the back-office's dashboard and "Definições"
 * list what is missing. The checklist is computed here, once, from the settings and from what SES said
 * of the mail (`lambdas/services/sender-check.ts` asks SES and keeps the answer): whether it verified the
 * sender, and whether the account has production access in the mail region. In SES's sandbox the shop
 * would send only to verified addresses: the owner's notifications arrive, the customers' mail does not.
 * So the shop opens there only with the owner's acknowledgement of that (`mailSandboxAcknowledged`).
 */
import { PAYMENT_METHOD_IDS, methodOffered } from './payment-methods.ts';
import type { ShopSettings } from './settings.ts';
import { isValidNif } from './shop-identity.ts';

/** The items, in the order the back-office lists them. */
export const GO_LIVE_ITEMS = [
  'legalName',
  'nif',
  'address',
  'email',
  'phone',
  'paymentMethod',
  'iban',
  'sender',
  'mailProduction',
] as const;
export type GoLiveItem = (typeof GO_LIVE_ITEMS)[number];

/** What the owner reads for each item (the back-office's checklist). */
export const GO_LIVE_LABELS: Readonly<Record<GoLiveItem, string>> = {
  legalName: 'Denominação social (ou nome do empresário)',
  nif: 'NIF / NIPC válido',
  address: 'Sede (morada completa)',
  email: 'E-mail para contacto e reclamações',
  phone: 'Telefone para contacto e reclamações',
  paymentMethod: 'Pelo menos uma forma de pagamento',
  iban: 'IBAN e titular da conta (quando aceitas transferência)',
  sender: 'E-mail de envio da loja verificado no Amazon SES',
  mailProduction: 'Amazon SES com acesso de produção (fora da sandbox), para os clientes receberem os e-mails da loja',
};

/** What SES last said of the shop's mail (GetEmailIdentity and GetAccount, as kept beside the settings). */
export interface MailReadiness {
  /** The sender identity is verified for sending. */
  readonly senderVerified: boolean;
  /** The account has production access in the mail region (`ProductionAccessEnabled`): not in the sandbox. */
  readonly productionAccess: boolean;
}

/** The checklist's state: each item done or not, and whether the shop may open. */
export interface GoLiveState {
  readonly ready: boolean;
  readonly missing: readonly GoLiveItem[];
}

/**
 * The checklist of `settings`, with `mail` what SES last said of the sender and of the account.
 *
 * @example
 * goLiveState(DEFAULT_SETTINGS, { senderVerified: false, productionAccess: false }).missing[0]; // 'legalName'
 */
export function goLiveState(settings: ShopSettings, mail: MailReadiness): GoLiveState {
  const { seller, payments } = settings;
  const done: Record<GoLiveItem, boolean> = {
    legalName: seller.legalName.trim() !== '',
    nif: isValidNif(seller.nif.trim()),
    address: seller.address.trim() !== '',
    email: seller.email.trim() !== '',
    phone: seller.phone.trim() !== '',
    paymentMethod: PAYMENT_METHOD_IDS.some((method) => methodOffered(payments, method)),
    // Transfer is offered when an IBAN is given: then the customer must also be told whose account it is.
    iban: payments.iban.trim() === '' || payments.ibanHolder.trim() !== '',
    sender: mail.senderVerified,
    // In the sandbox only with the owner's word that customers will get no mail.
    mailProduction: mail.productionAccess || settings.mailSandboxAcknowledged,
  };
  const missing = GO_LIVE_ITEMS.filter((item) => !done[item]);
  return { ready: missing.length === 0, missing };
}
