/**
 * The shop stack's own secrets besides the invoicing key (`invoicing.ts`): the order links' key, the
 * payment provider's keys and the origin lock's secret. Each is read at run time by the functions whose
 * route grants name it (its ARN only in their environment), never in the template or the code.
 */
import { SecretValue } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { acknowledgeNag } from './constructs/nag.ts';

/**
 * The key of the customers' order links (HMAC of the order id): generated once, JSON `{ current }`
 * (`RotatingSecret`), read at run time by the functions whose rows grant `orderLinks` (its ARN only
 * in their environment).
 */
export function makeOrderLinkSecret(scope: Construct): secretsmanager.Secret {
  const orderLinkSecret = new secretsmanager.Secret(scope, 'OrderLinkSecret', {
    description: 'Joias Inox: the key of the customers\' "A minha encomenda" links; rotate with npm run rotate-secret -- order-link',
    generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'current', excludePunctuation: true, passwordLength: 64 },
  });
  acknowledgeNag(
    orderLinkSecret,
    'SMG4',
    'Rotated by the operator with npm run rotate-secret -- order-link (docs/running-the-shop.md#rotating-the-secrets): links already ' +
      'e-mailed keep working for an overlap window (30 days by default), so a rotation is chosen (after a leak), not scheduled.',
  );
  return orderLinkSecret;
}

/**
 * The payment provider's keys (`PaymentKeys`, JSON): empty (`{}`) until the owner saves them on
 * "Definições" (`PUT /api/admin/settings/payment-keys` checks and writes them); until then nothing
 * automatic is offered. Read at run time by the functions whose rows grant `paymentKeys`.
 */
export function makePaymentKeysSecret(scope: Construct): secretsmanager.Secret {
  const secret = new secretsmanager.Secret(scope, 'PaymentKeysSecret', {
    description: "Joias Inox: the payment provider's keys (automatic MB WAY and Multibanco); written from the back-office's Definições",
    // Not a value: the empty object the keys replace. The keys themselves never pass through CloudFormation.
    secretStringValue: SecretValue.unsafePlainText('{}'),
  });
  acknowledgeNag(
    secret,
    'SMG4',
    "The provider's keys are issued by the provider (Stripe's dashboard) and changed by the owner on Definições, which checks " +
      "them with a harmless call before writing the new value; Secrets Manager cannot rotate a third party's API key.",
  );
  return secret;
}

/**
 * The origin lock's secret: generated once, JSON `{ current }` (`RotatingSecret`); CloudFormation reads
 * `current` into CloudFront's origin header (a dynamic reference), the functions read it at run time
 * (its ARN only in their environment); never in the template or the code.
 */
export function makeOriginSecret(scope: Construct): secretsmanager.Secret {
  const originSecret = new secretsmanager.Secret(scope, 'OriginSecret', {
    description: 'Joias Inox: the header CloudFront adds to API requests (x-origin-verify); rotate with npm run rotate-secret -- origin',
    generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'current', excludePunctuation: true, passwordLength: 48 },
  });
  acknowledgeNag(
    originSecret,
    'SMG4',
    'The origin secret only proves that a request came through CloudFront; it is not a credential to a resource. The operator ' +
      'rotates it without downtime with npm run rotate-secret -- origin (functions accept old and new, then CloudFront switches).',
  );
  return originSecret;
}
