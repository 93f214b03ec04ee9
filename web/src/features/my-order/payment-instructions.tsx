import type { ReactNode } from 'react';
import type { PaymentInstructions as Instructions } from '#shared/payment-methods.ts';
import { formatCents } from '#shared/money.ts';
import { CopyButton } from '#web/ui/copy-button.tsx';

/** One payment detail: its label, the value as shown, and a button that copies it as a payment app wants it. */
export function Detail({
  label,
  instruction,
  value,
  copy,
  large = false,
}: {
  label: string;
  instruction: string;
  value: ReactNode;
  copy: string;
  large?: boolean;
}) {
  return (
    <div className="instructions__detail">
      <dt>{label}</dt>
      <dd>
        <span className={large ? 'instructions__value' : 'instructions__text'} data-instruction={instruction}>
          {value}
        </span>
        <CopyButton value={copy} label={label} />
      </dd>
    </div>
  );
}

/** Digits only ('912 345 678' → '912345678'; an IBAN without its spaces). */
const compact = (value: string) => value.replace(/\s+/g, '');

/**
 * How to pay with the chosen method (values from the server's configuration), how much and with what
 * reference; every detail with a "Copiar" button.
 */
export function PaymentInstructions({
  instructions,
  amountCents,
  reference,
}: {
  instructions: Instructions;
  amountCents: number;
  reference?: string;
}) {
  const amount = formatCents(amountCents);
  const amountDigits = (amountCents / 100).toFixed(2).replace('.', ',');
  return (
    <div className="instructions">
      <p>
        {instructions.method === 'mbway' && !instructions.automatic && <>Envia {amount} por MB WAY para o número:</>}
        {instructions.method === 'transferencia' && <>Faz uma transferência bancária de {amount} para:</>}
        {instructions.method === 'paypal' && <>Envia {amount} por PayPal para:</>}
        {instructions.method === 'revolut' && <>Envia {amount} por Revolut para:</>}
      </p>
      <dl className="instructions__list">
        {instructions.method === 'mbway' && !instructions.automatic && (
          <Detail label="Número MB WAY" instruction="phone" value={instructions.phone} copy={compact(instructions.phone)} large />
        )}
        {instructions.method === 'transferencia' && (
          <>
            <Detail label="IBAN" instruction="iban" value={instructions.iban} copy={compact(instructions.iban)} large />
            <Detail label="Titular" instruction="holder" value={instructions.holder} copy={instructions.holder} />
          </>
        )}
        {(instructions.method === 'paypal' || instructions.method === 'revolut') && (
          <Detail
            label={instructions.method === 'paypal' ? 'Conta PayPal' : 'Conta Revolut'}
            instruction="handle"
            value={instructions.handle}
            copy={instructions.handle}
            large
          />
        )}
        <Detail label="Valor" instruction="amount" value={amount} copy={amountDigits} />
        {reference && <Detail label="Descrição do pagamento" instruction="reference" value={reference} copy={reference} />}
      </dl>
    </div>
  );
}
