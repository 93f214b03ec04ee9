/**
 * The shop's data: one DynamoDB table per entity of `lambdas/contracts/data-model.ts` and the S3 buckets (payment
 * proofs, product images, access logs). Everything that holds customer or shop data is retained when
 * the stack is deleted, once the stack has completed once (`keeping.ts`: a failed first deploy leaves
 * nothing behind).
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tables, type BucketKey, type KeyDef, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { KEEP, type Keeping } from './keeping.ts';
import { ACCESS_LOG_DAYS } from '#shared/policies.ts';

/** Days an upload no order claimed stays in the uploads bucket (not versioned: then it is gone). */
export const UPLOADS_EXPIRY_DAYS = 1;
/** Key prefixes under which each service writes its S3 server access logs into the log bucket. */
export const ACCESS_LOG_PREFIXES = {
  proofs: 's3/proofs/',
  uploads: 's3/uploads/',
  images: 's3/images/',
  site: 's3/site/',
  cloudfront: 'cloudfront/',
} as const;
/**
 * Where CloudFront standard logging v2 (`edge-logs.ts`) writes into the log bucket: CloudWatch Logs'
 * vended-log path for an S3 destination, `AWSLogs/<account>/CloudFront/…`.
 */
export const EDGE_LOGS_PREFIX = 'AWSLogs/';
export { ACCESS_LOG_DAYS };

function attribute(key: KeyDef): dynamodb.Attribute {
  return { name: key.name, type: key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING };
}

function pascal(key: string): string {
  return key[0]!.toUpperCase() + key.slice(1);
}

export class Data extends Construct {
  readonly tables: Readonly<Record<TableKey, dynamodb.TableV2>>;
  readonly buckets: Readonly<Record<BucketKey, s3.Bucket>>;
  /** Receives S3 server access logs and CloudFront standard logs. */
  readonly accessLogs: s3.Bucket;

  constructor(
    scope: Construct,
    id: string,
    private readonly keeping: Keeping = KEEP,
  ) {
    super(scope, id);
    this.tables = this.createTables();
    this.accessLogs = this.createAccessLogs();
    this.buckets = this.createBuckets();
  }

  /** How a bucket goes with the stack: retained, or on a first deploy deleted with its objects (`keeping.ts`). */
  private get bucketRemoval(): Pick<s3.BucketProps, 'removalPolicy' | 'autoDeleteObjects'> {
    return { removalPolicy: this.keeping.bucketRemoval, autoDeleteObjects: this.keeping.autoDeleteObjects };
  }

  /** One table per entity of the data model: on demand, PITR on, deletion-protected, retained, AWS-managed encryption. */
  private createTables(): Record<TableKey, dynamodb.TableV2> {
    const built = {} as Record<TableKey, dynamodb.TableV2>;
    for (const [key, def] of Object.entries(tables) as [TableKey, TableDef][]) {
      const { sortKey, ttlAttribute, stream } = def;
      built[key] = new dynamodb.TableV2(this, `${pascal(key)}Table`, {
        partitionKey: attribute(def.partitionKey),
        ...(sortKey ? { sortKey: attribute(sortKey) } : {}),
        globalSecondaryIndexes: def.indexes.map((index) => ({
          indexName: index.name,
          partitionKey: attribute(index.partitionKey),
          ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
          projectionType: dynamodb.ProjectionType.ALL,
        })),
        billing: dynamodb.Billing.onDemand(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: this.keeping.deletionProtection,
        removalPolicy: RemovalPolicy.RETAIN,
        encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
        ...(ttlAttribute ? { timeToLiveAttribute: ttlAttribute } : {}),
        ...(stream ? { dynamoStream: dynamodb.StreamViewType.NEW_IMAGE } : {}),
      });
    }
    return built;
  }

  /** The bucket of the S3 server access logs and CloudFront's standard logs, kept {@link ACCESS_LOG_DAYS} days. */
  private createAccessLogs(): s3.Bucket {
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // CloudFront standard logs support SSE-S3 only, and are delivered through a bucket ACL grant,
      // which needs ACLs enabled (object writer stays the bucket owner).
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      lifecycleRules: [
        { id: 'expire-logs', expiration: Duration.days(ACCESS_LOG_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      ...this.bucketRemoval,
    });
    acknowledgeNag(
      accessLogs,
      'S1',
      'This is the access-log bucket itself; logging its own accesses into ' +
        'itself would loop, and a second log bucket would only move the question.',
    );
    return accessLogs;
  }

  /**
   * Lets CloudWatch Logs' log delivery write CloudFront's standard logs v2 (a delivery source of this
   * account in `sourceRegion`) under {@link EDGE_LOGS_PREFIX}, as the CloudWatch Logs guide's S3
   * destination policy asks.
   */
  allowEdgeLogDelivery(sourceRegion: string): void {
    const account = Stack.of(this).account;
    this.accessLogs.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AWSLogDeliveryWrite',
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.accessLogs.arnForObjects(`${EDGE_LOGS_PREFIX}${account}/*`)],
        conditions: {
          StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${Stack.of(this).partition}:logs:${sourceRegion}:${account}:delivery-source:*` },
        },
      }),
    );
  }

  /** The buckets of the shop's data, each logging into {@link accessLogs}. */
  private createBuckets(): Record<BucketKey, s3.Bucket> {
    const proofs = new s3.Bucket(this, 'ProofsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.proofs,
      lifecycleRules: [
        {
          id: 'archive-proofs',
          transitions: [{ storageClass: s3.StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(90) }],
          noncurrentVersionExpiration: Duration.days(90),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      ...this.bucketRemoval,
    });

    const images = new s3.Bucket(this, 'ImagesBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.images,
      lifecycleRules: [
        {
          id: 'expire-old-versions',
          noncurrentVersionExpiration: Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        // Raw photo uploads (with the camera's EXIF and GPS position) and their processing results: a
        // day at most, old versions included (the processing deletes each raw upload at once).
        { id: 'expire-photo-uploads', prefix: 'uploads/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
      ],
      ...this.bucketRemoval,
    });

    // What browsers upload before an order claims it: not versioned (a deleted or expired upload
    // leaves no old version behind), emptied after a day, never retained (emptied with a first deploy's rollback).
    const uploads = new s3.Bucket(this, 'UploadsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.uploads,
      lifecycleRules: [
        { id: 'expire-uploads', expiration: Duration.days(UPLOADS_EXPIRY_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: this.keeping.autoDeleteObjects,
    });

    // The built shop and its pre-rendered pages (`pages/`), served only through CloudFront; a deploy
    // replaces the shop and empties `pages/` (each page is rendered again on its first request).
    const site = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.site,
      ...this.bucketRemoval,
    });

    return { proofs, images, uploads, site };
  }

  /**
   * Lets the shop's pages send presigned POST uploads to the uploads (pending proofs) and images
   * buckets, and read proofs through presigned links with fetch.
   */
  allowBrowserUploads(origins: readonly string[]): void {
    const common = { allowedOrigins: [...origins], allowedHeaders: ['*'], exposedHeaders: ['ETag', 'Location'], maxAge: 3000 };
    this.buckets.uploads.addCorsRule({ ...common, allowedMethods: [s3.HttpMethods.POST] });
    this.buckets.proofs.addCorsRule({ ...common, allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD] });
    this.buckets.images.addCorsRule({ ...common, allowedMethods: [s3.HttpMethods.POST] });
  }
}
