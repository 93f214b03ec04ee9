/**
 * The shop's settings (docs/design.md §23): what the owner changes without a deploy, kept as one record in
 * the shop's own database and edited on the back-office's "Definições" screen, with a history of every
 * change (who, when, old → new). Functions read it with a short cache (`SETTINGS_CACHE_SECONDS`).
 *
 * A deploy seeds the record once (from CDK context) and never writes it again, so a deploy can never
 * bring back an old IBAN; the twin seeds its demo values the same way.
 */
import { DEFAULT_MBWAY_LIMITS, type MbWayLimits } from './mb-way.ts';
import { DEFAULT_AUTOMATIC_PAYMENTS, MULTIBANCO_HOLD_DAYS, type AutomaticPayments } from './automatic-payments.ts';
import { PAYMENT_METHOD_IDS, type HoldMethodId, type PaymentMethodId, type PaymentSettings } from './payment-methods.ts';
import { LOW_STOCK_THRESHOLD } from './stock.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart.ts';
import { DEFAULT_INVOICING, type InvoicingSettings } from './invoices.ts';
import { DEFAULT_GIFT_WRAP, type GiftWrapSettings } from './gift.ts';

export type { MbWayLimits, PaymentSettings };

/**
 * Days the shop keeps personal data it no longer needs (docs/design.md §23; docs/personal-data.md), counted from
 * when it was received. A daily job deletes what is older (`lambdas/services/retention.ts`); the privacy
 * policy page states these figures. Orders themselves are kept for accounting ({@link ORDER_RETENTION_YEARS}).
 */
export interface RetentionSettings {
  /** Contact messages (with their place in the customer's history). */
  readonly contactMessagesDays: number;
  /** Back-in-stock requests, notified or not. */
  readonly stockAlertsDays: number;
  /** Proofs of payment attached to orders (the order itself stays). */
  readonly proofsDays: number;
}

/**
 * Years orders are kept: Portuguese law keeps accounting records and their supporting documents for 10
 * years (Código do IRC, art. 123.º, n.º 4). The privacy policy states it; nothing deletes orders.
 */
export const ORDER_RETENTION_YEARS = 10;

/**
 * What one anonymous order may hold (docs/design.md §18): an order cannot take the whole shop's stock. The
 * owner may lower them; `MAX_LINE_QUANTITY` and `MAX_CART_LINES` stay the hard maxima of every cart.
 */
export interface OrderCaps {
  /** Units of one piece in an order. */
  readonly lineQuantity: number;
  /** Different pieces in an order. */
  readonly lines: number;
}

/**
 * The seller's legal identification (Decreto-Lei 24/2014, art. 4.º; Decreto-Lei 7/2004, art. 10.º), as
 * the owner gives it on "Definições": the storefront's footer and "Informação legal", the withdrawal
 * form (page and PDF), the e-mails' footer and the packing slips show it (`shop-identity.ts`). An empty
 * value is shown as still to be filled in; an empty share capital means a sole trader (none shown).
 */
/**
 * What one customer may hold at once (docs/design.md §27): unpaid reservations and orders whose proof the
 * owner has not confirmed count against the customer's client address, e-mail and phone (each by its
 * key, `identity-keys.ts`). One more order over either figure of any key is refused (`hold_limit`).
 */
export interface HoldCaps {
  /** Open (unpaid or unconfirmed) orders per key. */
  readonly orders: number;
  /** Units in those orders per key. */
  readonly units: number;
}

/** Minutes a reservation holds its pieces while the customer pays, per payment method (MB WAY is instant, a transfer takes longer). */
export type HoldMinutes = Readonly<Record<HoldMethodId, number>>;

/** Minutes a reservation paid with `method` holds its pieces: the owner's figure, or a Multibanco reference's life. */
export function holdMinutesFor(holdMinutes: HoldMinutes, method: PaymentMethodId): number {
  return method === 'multibanco' ? MULTIBANCO_HOLD_DAYS * 24 * 60 : holdMinutes[method];
}

export interface SellerSettings {
  /** Legal name of the firm or of the sole trader (denominação social / nome). */
  readonly legalName: string;
  /** NIF / NIPC: nine digits with their check digit. */
  readonly nif: string;
  /** Registered geographic address (sede), one line. */
  readonly address: string;
  /** Where customers write, complaints included (the footer, "Informação legal", the withdrawal form). */
  readonly email: string;
  readonly phone: string;
  /** Commercial registration (conservatória and number), or the sole trader's start of activity. */
  readonly registration: string;
  readonly shareCapital: string;
}

export interface ShopSettings {
  readonly seller: SellerSettings;
  readonly payments: PaymentSettings;
  readonly mbwayLimits: MbWayLimits;
  /** Where the owner's notifications go (paid orders, contact messages); '' = the shop's sender address. */
  readonly ownerEmail: string;
  /** Notifications a clock hour may bring the owner; the rest of that hour come as one digest (docs/design.md §30). */
  readonly ownerMailsPerHour: number;
  /** Back-in-stock mails a restock sends per unit restocked, at most; the rest wait for the next restock. */
  readonly alertsPerUnit: number;
  /** Minutes an unpaid reservation holds its pieces before they go back to the shop, by payment method. */
  readonly holdMinutes: HoldMinutes;
  readonly holdCaps: HoldCaps;
  /** A piece with 1 to this many units left is "stock baixo" on the dashboard and the products list. */
  readonly lowStockThreshold: number;
  readonly orderCaps: OrderCaps;
  readonly retention: RetentionSettings;
  /**
   * The proof of work of every public write (docs/design.md §28): the largest number the customer's
   * browser may have to count to (ALTCHA's "max number"). The time a phone needs, and what a bot pays
   * per request, grow with it: docs/settings.md and docs/benchmarks.md give the figures.
   */
  readonly challengeMaxNumber: number;
  /** "Pagamentos automáticos": MB WAY and Multibanco through the payment provider (docs/design.md §34); off by default. */
  readonly automaticPayments: AutomaticPayments;
  /**
   * The owner's acknowledgement that the shop opens while Amazon SES is in its sandbox, where customers
   * get no mail ({@link MAIL_SANDBOX_CONSEQUENCE}): it stands for the go-live checklist's SES item
   * (`go-live.ts`) until SES grants production access. Off by default.
   */
  readonly mailSandboxAcknowledged: boolean;
  /** "Faturação": invoices from certified software (docs/invoices.md); off by default. */
  readonly invoicing: InvoicingSettings;
  /** "Oferta": whether the checkout offers a gift wrap, and its price (docs/gifts.md); off by default. */
  readonly giftWrap: GiftWrapSettings;
}

/** What the owner acknowledges when the shop opens in SES's sandbox (the switch's label: the history shows it too). */
export const MAIL_SANDBOX_CONSEQUENCE =
  'Abrir a loja sem acesso de produção no Amazon SES: os clientes NÃO recebem nenhum e-mail da loja ' +
  '(confirmação da encomenda, pagamento, envio, ligação da encomenda); só os endereços verificados no SES recebem';

/**
 * The default of {@link ShopSettings.challengeMaxNumber}: a phone solves it in well under a second
 * (docs/benchmarks.md, "Proof of work").
 */
export const DEFAULT_CHALLENGE_MAX_NUMBER = 4000;

/** Who the history names as the author of the first record (the first deploy, or the twin's first start). */
export const SEED_AUTHOR = 'instalação';

/** Seconds a function keeps the settings it read before reading them again. */
export const SETTINGS_CACHE_SECONDS = 10;

/** The bounds of the numeric settings (the form's `min`/`max` and the schema's). */
export const SETTINGS_LIMITS = {
  mbwayLimit: { min: 0, max: 1000 },
  /** Minutes of a reservation: a quarter of an hour at least (time to open the bank's app), three days at most. */
  holdMinutes: { min: 15, max: 4320 },
  holdOrders: { min: 1, max: 20 },
  holdUnits: { min: 1, max: 500 },
  lowStockThreshold: { min: 0, max: 100 },
  ownerMailsPerHour: { min: 1, max: 100 },
  alertsPerUnit: { min: 1, max: 100 },
  lineQuantity: { min: 1, max: MAX_LINE_QUANTITY },
  lines: { min: 1, max: MAX_CART_LINES },
  /** Days of a retention period: at least a month (time to answer and to settle an order), at most ten years. */
  retentionDays: { min: 30, max: 3650 },
  /** The proof of work's largest number: at 100 it costs a bot almost nothing, at 200 000 a phone waits a minute. */
  challengeMaxNumber: { min: 100, max: 200_000 },
  /** Characters of a payment handle (PayPal address or link, Revolut tag). */
  handle: 100,
  holder: 100,
  /** Characters of a line of the seller's identification (a name, an address, a registration). */
  sellerLine: 200,
} as const;

/**
 * Values of a record that does not exist yet (and of fields a record written by an older version
 * lacks): the spec's constants, and no payment method until the owner (or the deploy's seed) gives one.
 */
export const DEFAULT_SETTINGS: ShopSettings = {
  seller: { legalName: '', nif: '', address: '', email: '', phone: '', registration: '', shareCapital: '' },
  payments: { mbwayPhone1: '', mbwayPhone2: '', iban: '', ibanHolder: '', paypal: '', revolut: '' },
  mbwayLimits: DEFAULT_MBWAY_LIMITS,
  ownerEmail: '',
  ownerMailsPerHour: 10,
  alertsPerUnit: 10,
  holdMinutes: { mbway: 30, transferencia: 120, paypal: 120, revolut: 120 },
  holdCaps: { orders: 2, units: 10 },
  lowStockThreshold: LOW_STOCK_THRESHOLD,
  orderCaps: { lineQuantity: MAX_LINE_QUANTITY, lines: MAX_CART_LINES },
  // A year for what a customer sent or asked; proofs a year too: the bank's own records are the
  // accounting evidence of a payment, the customer's screenshot is only needed while an order can be disputed.
  retention: { contactMessagesDays: 365, stockAlertsDays: 365, proofsDays: 365 },
  challengeMaxNumber: DEFAULT_CHALLENGE_MAX_NUMBER,
  automaticPayments: DEFAULT_AUTOMATIC_PAYMENTS,
  mailSandboxAcknowledged: false,
  invoicing: DEFAULT_INVOICING,
  giftWrap: DEFAULT_GIFT_WRAP,
};

/**
 * Every setting, by its path in the record, with the pt-PT label the screen and the history show. The
 * order is the screen's.
 */
export const SETTING_LABELS = {
  'seller.legalName': 'Denominação social (ou nome do empresário)',
  'seller.nif': 'NIF / NIPC',
  'seller.address': 'Sede (morada completa)',
  'seller.email': 'E-mail para contacto e reclamações',
  'seller.phone': 'Telefone',
  'seller.registration': 'Registo comercial (ou início de atividade)',
  'seller.shareCapital': 'Capital social (vazio se for empresário em nome individual)',
  'payments.mbwayPhone1': 'MB WAY: número 1',
  'payments.mbwayPhone2': 'MB WAY: número 2',
  'mbwayLimits.number1': 'MB WAY: encomendas por mês no número 1',
  'mbwayLimits.number2': 'MB WAY: encomendas por mês no número 2',
  'payments.iban': 'Transferência: IBAN',
  'payments.ibanHolder': 'Transferência: titular da conta',
  'payments.paypal': 'PayPal: conta',
  'payments.revolut': 'Revolut: utilizador',
  ownerEmail: 'E-mail para as notificações da loja',
  ownerMailsPerHour: 'Notificações por hora, no máximo (as restantes num resumo)',
  alertsPerUnit: 'Avisos de reposição por unidade reposta, no máximo',
  'holdMinutes.mbway': 'MB WAY: minutos para pagar',
  'holdMinutes.transferencia': 'Transferência: minutos para pagar',
  'holdMinutes.paypal': 'PayPal: minutos para pagar',
  'holdMinutes.revolut': 'Revolut: minutos para pagar',
  'holdCaps.orders': 'Reservas por pagar de um cliente, no máximo',
  'holdCaps.units': 'Peças por pagar de um cliente, no máximo',
  lowStockThreshold: 'Stock baixo: até quantas unidades',
  'orderCaps.lineQuantity': 'Unidades de uma peça por encomenda, no máximo',
  'orderCaps.lines': 'Peças diferentes por encomenda, no máximo',
  'retention.contactMessagesDays': 'Dias a guardar as mensagens de contacto',
  'retention.stockAlertsDays': 'Dias a guardar os pedidos de aviso de stock',
  'retention.proofsDays': 'Dias a guardar os comprovativos de pagamento',
  challengeMaxNumber: 'Verificação anti-robô: número máximo (custo)',
  'automaticPayments.mbway': 'Pagamentos automáticos: MB WAY',
  'automaticPayments.multibanco': 'Pagamentos automáticos: Multibanco',
  'invoicing.enabled': 'Faturação: emitir faturas automaticamente',
  'invoicing.account': 'Faturação: conta do InvoiceXpress',
  'invoicing.series': 'Faturação: série dos documentos',
  'invoicing.vatPercent': 'Faturação: taxa de IVA (%)',
  'invoicing.sendToCustomer': 'Faturação: o InvoiceXpress envia a fatura ao cliente (desligado, envia-a a loja)',
  'giftWrap.offered': 'Embrulho de oferta: oferecer na finalização da compra',
  'giftWrap.priceCents': 'Embrulho de oferta: preço (0 = grátis)',
  mailSandboxAcknowledged: MAIL_SANDBOX_CONSEQUENCE,
} as const;

export type SettingPath = keyof typeof SETTING_LABELS;

/** A setting's value: a text, a whole number, or on/off (the automatic payments' switches). */
export type SettingValue = string | number | boolean;

/** The settings that are switches (on/off), by path. */
export const SWITCH_SETTINGS: readonly SettingPath[] = [
  'automaticPayments.mbway',
  'automaticPayments.multibanco',
  'mailSandboxAcknowledged',
  'invoicing.enabled',
  'invoicing.sendToCustomer',
  'giftWrap.offered',
];

/** The settings kept in cents and typed (and shown) in euros, by path. */
export const MONEY_SETTINGS: readonly SettingPath[] = ['giftWrap.priceCents'];

/** One setting's change, as the history keeps it. */
export interface SettingChange {
  readonly field: SettingPath;
  readonly from: SettingValue;
  readonly to: SettingValue;
}

/** The value of one setting of a record, by its path. */
export function settingValue(settings: ShopSettings, path: SettingPath): SettingValue {
  const [group, key] = path.split('.') as [keyof ShopSettings, string | undefined];
  const value = settings[group];
  return key === undefined ? (value as SettingValue) : (value as unknown as Record<string, SettingValue>)[key]!;
}

/**
 * What changed from one record to the next, in the screen's order.
 *
 * @example
 * settingsChanges(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, lowStockThreshold: 4 });
 * // [{ field: 'lowStockThreshold', from: 2, to: 4 }]
 */
export function settingsChanges(before: ShopSettings, after: ShopSettings): SettingChange[] {
  return (Object.keys(SETTING_LABELS) as SettingPath[])
    .map((field) => ({ field, from: settingValue(before, field), to: settingValue(after, field) }))
    .filter((change) => change.from !== change.to);
}

/**
 * The hold minutes of a stored record; a record from before them had one `reservationHours` for every
 * method: the owner's figure stays for the slow methods, MB WAY (instant) takes its own default.
 */
function holdMinutesOf(stored: Record<string, unknown> | undefined): HoldMinutes {
  const hours = stored?.reservationHours;
  const slow = typeof hours === 'number' ? Math.max(SETTINGS_LIMITS.holdMinutes.min, hours * 60) : undefined;
  const old = slow === undefined ? {} : Object.fromEntries(PAYMENT_METHOD_IDS.filter((id) => id !== 'mbway').map((id) => [id, slow]));
  return { ...DEFAULT_SETTINGS.holdMinutes, ...old, ...(stored?.holdMinutes as Partial<HoldMinutes> | undefined) };
}

/**
 * A stored record read with today's defaults under it: a field added after the record was written
 * reads as its default (migrate on read).
 */
export function withDefaults(
  stored: Partial<{ [K in keyof ShopSettings]: Partial<ShopSettings[K]> | ShopSettings[K] }> | undefined,
): ShopSettings {
  return {
    seller: { ...DEFAULT_SETTINGS.seller, ...(stored?.seller as Partial<SellerSettings> | undefined) },
    payments: { ...DEFAULT_SETTINGS.payments, ...(stored?.payments as Partial<PaymentSettings> | undefined) },
    mbwayLimits: { ...DEFAULT_SETTINGS.mbwayLimits, ...(stored?.mbwayLimits as Partial<MbWayLimits> | undefined) },
    ownerEmail: (stored?.ownerEmail as string | undefined) ?? DEFAULT_SETTINGS.ownerEmail,
    ownerMailsPerHour: (stored?.ownerMailsPerHour as number | undefined) ?? DEFAULT_SETTINGS.ownerMailsPerHour,
    alertsPerUnit: (stored?.alertsPerUnit as number | undefined) ?? DEFAULT_SETTINGS.alertsPerUnit,
    holdMinutes: holdMinutesOf(stored as Record<string, unknown> | undefined),
    holdCaps: { ...DEFAULT_SETTINGS.holdCaps, ...(stored?.holdCaps as Partial<HoldCaps> | undefined) },
    lowStockThreshold: (stored?.lowStockThreshold as number | undefined) ?? DEFAULT_SETTINGS.lowStockThreshold,
    orderCaps: { ...DEFAULT_SETTINGS.orderCaps, ...(stored?.orderCaps as Partial<OrderCaps> | undefined) },
    retention: { ...DEFAULT_SETTINGS.retention, ...(stored?.retention as Partial<RetentionSettings> | undefined) },
    challengeMaxNumber: (stored?.challengeMaxNumber as number | undefined) ?? DEFAULT_SETTINGS.challengeMaxNumber,
    automaticPayments: { ...DEFAULT_SETTINGS.automaticPayments, ...(stored?.automaticPayments as Partial<AutomaticPayments> | undefined) },
    mailSandboxAcknowledged: (stored?.mailSandboxAcknowledged as boolean | undefined) ?? DEFAULT_SETTINGS.mailSandboxAcknowledged,
    invoicing: { ...DEFAULT_SETTINGS.invoicing, ...(stored?.invoicing as Partial<InvoicingSettings> | undefined) },
    giftWrap: { ...DEFAULT_SETTINGS.giftWrap, ...(stored?.giftWrap as Partial<GiftWrapSettings> | undefined) },
  };
}
