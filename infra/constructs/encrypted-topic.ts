/**
 * An SNS topic encrypted with its own rotated KMS key, TLS only, whose key lets one AWS service
 * publish to it (CloudWatch for alarms, SES for mail events).
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export interface EncryptedTopicProps {
  /** Construct ids of the key and the topic (kept stable: they name the CloudFormation resources). */
  readonly keyId: string;
  readonly topicId: string;
  /** What the topic carries, for the key's description ("the alarm notifications"). */
  readonly carries: string;
  readonly displayName: string;
  /** The service that publishes, e.g. `cloudwatch.amazonaws.com`, and the key policy statement's id. */
  readonly publisher: string;
  readonly publisherSid: string;
}

export function encryptedTopic(scope: Construct, props: EncryptedTopicProps): { key: kms.Key; topic: sns.Topic } {
  const key = new kms.Key(scope, props.keyId, {
    description: `Encrypts ${props.carries} of ${Stack.of(scope).stackName}`,
    enableKeyRotation: true,
    // Notifications are transient; nothing stays encrypted under this key once the stack is gone.
    removalPolicy: RemovalPolicy.DESTROY,
  });
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: props.publisherSid,
      principals: [new iam.ServicePrincipal(props.publisher)],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }),
  );
  const topic = new sns.Topic(scope, props.topicId, { displayName: props.displayName, masterKey: key, enforceSSL: true });
  return { key, topic };
}
