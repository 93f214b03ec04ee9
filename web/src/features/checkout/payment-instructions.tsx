import type { PaymentInstructions as Instructions } from '../../../../shared/payment-methods.ts';
import { formatCents } from '../../../../shared/money.ts';

/** How to pay with the chosen method (values from the server's configuration), and how much. */
export function PaymentInstructions({ instructions, amountCents, reference }: { instructions: Instructions; amountCents: number; reference?: string }) {
  const amount = formatCents(amountCents);
  return (
    <div className="instructions">
      {instructions.method === 'mbway' && (
        <>
          <p>Envia {amount} por MB WAY para o número:</p>
          <p className="instructions__value" data-instruction="phone">
            {instructions.phone}
          </p>
        </>
      )}
      {instructions.method === 'transferencia' && (
        <>
          <p>Faz uma transferência bancária de {amount} para:</p>
          <dl className="instructions__list">
            <div>
              <dt>IBAN</dt>
              <dd className="instructions__value" data-instruction="iban">
                {instructions.iban}
              </dd>
            </div>
            <div>
              <dt>Titular</dt>
              <dd data-instruction="holder">{instructions.holder}</dd>
            </div>
          </dl>
        </>
      )}
      {(instructions.method === 'paypal' || instructions.method === 'revolut') && (
        <>
          <p>
            Envia {amount} por {instructions.method === 'paypal' ? 'PayPal' : 'Revolut'} para:
          </p>
          <p className="instructions__value" data-instruction="handle">
            {instructions.handle}
          </p>
        </>
      )}
      {reference && <p className="field-hint">Indica na descrição do pagamento: {reference}.</p>}
    </div>
  );
}
