/**
 * CloudFront's access logs without what must not be logged (`JoiasInox-<stage>-EdgeLogs`, us-east-1):
 * CloudFront standard logging v2, a CloudWatch Logs vended-log delivery whose source CloudFront only
 * takes in us-east-1 (CloudFront guide, "Configure standard logging (v2)"), into the shop's access-log
 * bucket (any region), with the fields chosen here. The legacy standard logs always carry the query
 * string, the cookies and the referrer; these do not: no search words, no presigned signature, no
 * session, no page a visitor came from. The bucket keeps them `ACCESS_LOG_DAYS` days (`data.ts`).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { STAGE_TAG } from '../common/naming.ts';

/** The only region where CloudFront takes a log delivery source. */
export const EDGE_LOGS_SOURCE_REGION = 'us-east-1';

/**
 * The fields each log line keeps (CloudFront's standard log fields, in their order), without
 * `cs-uri-query`, `cs(Cookie)` and `cs(Referer)`.
 */
export const EDGE_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
  'sc-range-start',
  'sc-range-end',
] as const;

/** Fields never delivered: they can hold search words, signatures, sessions or another page's address. */
export const EDGE_LOG_FIELDS_LEFT_OUT = ['cs-uri-query', 'cs(Cookie)', 'cs(Referer)'] as const;

export interface EdgeLogsStackProps extends StackProps {
  readonly stage: string;
  readonly distributionArn: string;
  /** The shop's access-log bucket (its policy lets `delivery.logs.amazonaws.com` write, `Data.allowEdgeLogDelivery`). */
  readonly logBucketArn: string;
}

export class EdgeLogsStack extends Stack {
  readonly delivery: logs.CfnDelivery;

  constructor(scope: Construct, id: string, props: EdgeLogsStackProps) {
    super(scope, id, {
      description: `Joias Inox shop: CloudFront access logs without query strings (${props.stage})`,
      ...props,
      tags: { ...props.tags, [STAGE_TAG]: props.stage },
    });
    const source = new logs.CfnDeliverySource(this, 'Source', {
      name: `joias-inox-${props.stage}-cloudfront`,
      logType: 'ACCESS_LOGS',
      resourceArn: props.distributionArn,
    });
    const destination = new logs.CfnDeliveryDestination(this, 'Destination', {
      name: `joias-inox-${props.stage}-access-logs`,
      destinationResourceArn: props.logBucketArn,
      outputFormat: 'w3c',
    });
    this.delivery = new logs.CfnDelivery(this, 'Delivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...EDGE_LOG_FIELDS],
    });
    this.delivery.addResourceDependency(source);
  }
}
