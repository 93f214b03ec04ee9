/**
 * The invoicing provider's API key (docs/invoices.md): a secret of its own, `{}` until the owner saves
 * the key on "Definições › Faturação" (the key's route checks it with a harmless call, then writes it);
 * read at run time by the functions whose rows grant `invoicingKey` (the invoices consumer).
 */
import { SecretValue } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { acknowledgeNag } from './constructs/nag.ts';

export function makeInvoicingKeySecret(scope: Construct): secretsmanager.Secret {
  const secret = new secretsmanager.Secret(scope, 'InvoicingKeySecret', {
    description: "Joias Inox: the invoicing provider's API key (InvoiceXpress); written from the back-office's Definições",
    // Not a value: the empty object the key replaces. The key itself never passes through CloudFormation.
    secretStringValue: SecretValue.unsafePlainText('{}'),
  });
  acknowledgeNag(
    secret,
    'SMG4',
    "The API key is issued by the invoicing provider (InvoiceXpress's account settings) and changed by the owner on Definições, " +
      "which checks it with a harmless call before writing it; Secrets Manager cannot rotate a third party's API key.",
  );
  return secret;
}
