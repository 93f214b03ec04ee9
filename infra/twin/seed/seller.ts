import { seedSettings } from '#lambdas/repositories/settings.ts';
import { DEFAULT_SETTINGS, SEED_AUTHOR, type PaymentSettings, type SellerSettings, type ShopSettings } from '#shared/settings.ts';

/**
 * The twin's demo seller: a clearly fictitious identity (the address says it is a demo) whose NIF
 * passes the check digit, so `npm start` shows a whole shop; the cloud starts empty and stays
 * "Loja em preparação" until the owner fills "Definições" (docs/design.md §33).
 */
export const DEMO_SELLER: SellerSettings = {
  legalName: 'Joias Inox Demo, Lda.',
  nif: '509999999',
  address: 'Rua da Demonstração, 1 (morada fictícia de demonstração), 4000-000 Porto',
  email: 'reclamacoes@joias-inox.local',
  phone: '220 000 000',
  registration: 'Conservatória do Registo Comercial do Porto (registo fictício de demonstração)',
  shareCapital: '5000 €',
};

/**
 * Demo payment instructions of the twin: its first settings record, as the first deploy seeds the
 * cloud's from context. Afterwards they are changed on "Definições" (kept in `.data/`).
 */
export const LOCAL_PAYMENTS: PaymentSettings = {
  mbwayPhone1: '912 345 678',
  mbwayPhone2: '913 456 789',
  iban: 'PT50 0002 0123 1234 5678 9015 4',
  ibanHolder: 'Joias Inox, Lda.',
  paypal: 'pagamentos@joias-inox.pt',
  revolut: '@joiasinox',
};

/**
 * The twin's first settings record (demo payments, demo seller unless `demoSeller` is false, `overrides`: see TwinOptions; the twin's
 * provider keys saved), once.
 */
export function seedLocalSettings(
  overrides: Partial<Pick<ShopSettings, 'ownerMailsPerHour' | 'challengeMaxNumber' | 'automaticPayments' | 'invoicing'>> = {},
  demoSeller = true,
): Promise<boolean> {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const seller = demoSeller ? DEMO_SELLER : DEFAULT_SETTINGS.seller;
  return seedSettings({ ...DEFAULT_SETTINGS, seller, payments: LOCAL_PAYMENTS, ...defined }, new Date().toISOString(), SEED_AUTHOR);
}
