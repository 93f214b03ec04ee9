/**
 * The consumer's right of withdrawal ("direito de livre resolução") in distance contracts, as
 * Decreto-Lei 24/2014 sets it, and its model form (Anexo, parte B), for the web page and the PDF
 * built from the same text.
 */
import { type SellerIdentity } from './shop-identity.ts';

/** Days the consumer has to withdraw, counted from the day they (or someone they named) receive the goods (art. 10.º). */
export const WITHDRAWAL_DAYS = 14;
/** Days the shop has to refund every payment, standard delivery included, once told (art. 12.º). */
export const WITHDRAWAL_REFUND_DAYS = 14;
/** Days the consumer has to send the goods back once they told the shop (art. 13.º). */
export const WITHDRAWAL_RETURN_DAYS = 14;

/** The model withdrawal form: what the page shows and the PDF prints. */
export interface WithdrawalForm {
  readonly title: string;
  /** "Only fill in and return this form if you wish to withdraw from the contract." */
  readonly instruction: string;
  /** Who the form goes to: the seller's name, address and e-mail. */
  readonly addressee: string;
  /** The lines the consumer completes, in the law's order. */
  readonly lines: readonly string[];
  readonly footnote: string;
}

/**
 * The model form of Decreto-Lei 24/2014 (Anexo, parte B) with the seller's details filled in.
 *
 * @example
 * withdrawalForm(sellerIdentity(DEFAULT_SETTINGS.seller)).lines[0]; // 'Pela presente comunico/comunicamos (*) que resolvo/...'
 */
export function withdrawalForm(seller: SellerIdentity): WithdrawalForm {
  return {
    title: 'Modelo de formulário de livre resolução',
    instruction: '(só deve preencher e devolver o presente formulário se quiser resolver o contrato)',
    addressee: `Para ${[seller.legalName ? `${seller.legalName} (${seller.name})` : seller.name, seller.address, `e-mail ${seller.email}`]
      .filter(Boolean)
      .join(', ')}:`,
    lines: [
      'Pela presente comunico/comunicamos (*) que resolvo/resolvemos (*) do meu/nosso ' +
        '(*) contrato de venda do seguinte bem (*)/para a prestação do seguinte serviço (*):',
      'Solicitado em (*)/recebido em (*):',
      'Número da encomenda:',
      'Nome do(s) consumidor(es):',
      'Endereço do(s) consumidor(es):',
      'Assinatura do(s) consumidor(es) (só no caso de o presente formulário ser notificado em papel):',
      'Data:',
    ],
    footnote: '(*) Riscar o que não interessa.',
  };
}
