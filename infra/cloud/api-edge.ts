/**
 * The API behaviour's viewer-request CloudFront Function (`infra/common/edge-proof.ts`: the viewer's
 * IP, and the proof of work's signature on the guarded writes) and its KeyValueStore, whose one entry,
 * the challenges' keys, the template never holds: the deploy and the order-link key's rotation write it
 * (`infra/ops/challenge-keys.ts`).
 */
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { apiViewerRequestCode } from '../common/edge-proof.ts';

/** The KeyValueStore of the challenges' keys, named `name` (names are the account's: `web.ts` adds the stack and region). */
export function challengeKeysStore(scope: Construct, name: string): cloudfront.KeyValueStore {
  return new cloudfront.KeyValueStore(scope, 'ChallengeKeys', {
    keyValueStoreName: name,
    comment: 'Keys of the proof-of-work challenges, written by the deploy',
  });
}

/** The function of `/api/*`, reading `store`. */
export function apiViewerRequestFunction(scope: Construct, store: cloudfront.IKeyValueStore): cloudfront.Function {
  return new cloudfront.Function(scope, 'ApiViewerIp', {
    comment: 'Viewer IP for the API limits; proof-of-work signature of the guarded writes',
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    code: cloudfront.FunctionCode.fromInline(apiViewerRequestCode()),
    keyValueStore: store,
  });
}
