import type { SellerSettings } from '#shared/settings.ts';

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
