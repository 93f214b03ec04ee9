/**
 * The shop's front door: one CloudFront distribution that serves, on one origin,
 *
 * - the SPA from a private bucket (a CloudFront Function sends extension-less paths, i.e. client
 *   routes, to `/index.html`; files and `/api/*` keep their real 404s),
 * - `/api/*` from the HTTP API (not cached, except the catalogue rows of the route table that have
 *   `cacheSeconds`, which CloudFront keeps as long as the handler's Cache-Control says, at most 5 min),
 * - `/images/*` from the images bucket (cached),
 *
 * with strict security headers on every answer. The built SPA (`web/dist`) is uploaded with a
 * `config.json` that carries the stack's values (`SpaConfig` of `infra/common/config.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Duration, Stack, Token } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { routes as routeTable, type Route } from '#lambdas/routes.ts';
import { paths, SITEMAP_API_PATH } from '#shared/paths.ts';
import { APP_PAGES, APP_PREFIXES, DOCUMENTS, DOCUMENTS_PREFIX, MAX_PAGE_PATH_LENGTH, NOT_FOUND_PAGE_PATH, pageObjectKey, PAGES_FALLBACK_PATH, PAGES_PREFIX } from '#shared/pages.ts';
import type { SpaConfig } from '#shared/spa-config.ts';
import { contentSecurityPolicy, robotsTxt, type DomainSettings } from '../common/config.ts';
import { ACCESS_LOG_PREFIXES } from './data.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { IMAGES_PREFIX } from '#lambdas/contracts/data-model.ts';
import { ORIGIN_HEADER, PAGES_FALLBACK_HEADER, VIEWER_IP_HEADER } from '#lambdas/contracts/env.ts';
import { WEB_DIST } from '../common/repo-paths.ts';

/** Longest time CloudFront may keep a cacheable API answer, whatever the origin says. */
export const API_CACHE_MAX_SECONDS = 300;

/**
 * Viewer-request function of the shop's default behaviour (`shared/pages.ts`). A path whose last segment
 * has a dot is a file and stays as it is, unless that segment holds an e-mail address (`@`, or `%40` as
 * the app writes it: the back-office customer page). Otherwise it is a page: the checkout's pages, an
 * order's page and the back-office get the app shell (`/index.html`); every other address its
 * pre-rendered page, `/pages/<path>.html` (`/` is `/pages/index.html`). A page the bucket does not have
 * goes to the origin group's second origin, the pages function, which renders it or answers 404. The
 * twin's front door applies the same rule (`pageKind`).
 */
export function pageRewriteCode(adminPrefix: string): string {
  return `var APP = ${JSON.stringify([...APP_PAGES, adminPrefix])};
var APP_PREFIXES = ${JSON.stringify([...APP_PREFIXES, `${adminPrefix}/`])};
var DOCUMENTS = ${JSON.stringify(Object.values(DOCUMENTS).map((document) => document.path))};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  // The kept pages are reached by their addresses only; asked for directly, a page says "not found", as
  // does an address too long to be a page (S3 would refuse its key).
  if (uri.indexOf('/${PAGES_PREFIX}') === 0 || uri.length > ${MAX_PAGE_PATH_LENGTH}) {
    request.uri = '/${pageObjectKey(NOT_FOUND_PAGE_PATH)}';
    return request;
  }
  // The documents rendered from the settings are kept beside the pages.
  if (DOCUMENTS.indexOf(uri) !== -1) {
    request.uri = '/${PAGES_PREFIX.slice(0, -1)}' + uri;
    return request;
  }
  var last = uri.slice(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1 && last.indexOf('@') === -1 && last.toLowerCase().indexOf('%40') === -1) return request;
  var path = uri;
  while (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  var app = APP.indexOf(path) !== -1;
  for (var i = 0; !app && i < APP_PREFIXES.length; i++) app = path.indexOf(APP_PREFIXES[i]) === 0;
  request.uri = app ? '/index.html' : '/${PAGES_PREFIX.slice(0, -1)}' + (path === '/' ? '/index' : path) + '.html';
  return request;
}`;
}

/** Viewer-request function of the root sitemap's behaviour: the API answers it at its own path. */
export const SITEMAP_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  request.uri = '${SITEMAP_API_PATH}';
  return request;
}`;

/**
 * Viewer-request function of the (uncached) API behaviour: the viewer's IP in `x-viewer-ip`, over
 * anything the client sent under that name, for the API's per-client limits. (`CloudFront-Viewer-Address`
 * would need an origin request policy that forwards CloudFront headers, and every such policy that
 * forwards the viewer's headers also forwards `Host`, which API Gateway refuses.)
 */
export const VIEWER_IP_CODE = `function handler(event) {
  event.request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return event.request;
}`;

/** The query strings the cacheable API rows read: the only ones in the catalogue's cache key. */
export function cachedApiQueryStrings(routes: readonly Route[]): string[] {
  return [...new Set(routes.filter((route) => route.cacheSeconds).flatMap((route) => route.cacheQuery ?? []))].sort();
}

/**
 * CloudFront path patterns of the cacheable API rows (`cacheSeconds` set): `{param}` segments become
 * `*`, e.g. `/api/products/{id}` → `/api/products/*`.
 */
export function cachedApiPathPatterns(routes: readonly Route[]): string[] {
  const patterns = routes
    .filter((route) => route.cacheSeconds !== undefined && route.cacheSeconds > 0 && route.method === 'GET')
    .map((route) => route.path.replace(/\{[^}]+\}.*$/, '*'));
  return [...new Set(patterns)];
}

export interface WebProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  readonly apiDomainName: string;
  readonly imagesBucket: s3.IBucket;
  /** The built shop and its pre-rendered pages (`pages/`). */
  readonly siteBucket: s3.Bucket;
  /** Buckets the browser uploads to with presigned POSTs, and whose presigned links pages show. */
  readonly uploadBuckets: readonly s3.IBucket[];
  readonly accessLogs: s3.IBucket;
  /** Values of `config.json` that the stack knows. */
  readonly spaConfig: SpaConfig;
  /** Directory of the built SPA. @default `<repo>/web/dist` */
  readonly webDistDir?: string;
  readonly domain?: DomainSettings;
  /** @default `lambdas/routes.ts` */
  readonly routes?: readonly Route[];
  /** The origin secret CloudFront adds to every API request (`x-origin-verify`), a dynamic reference. */
  readonly originSecret: string;
  /** ARN of an AWS WAF web ACL (scope CLOUDFRONT, in us-east-1) to attach (context `waf=true`). */
  readonly webAclArn?: string;
}

export class Web extends Construct {
  readonly siteBucket: s3.IBucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeaders: cloudfront.ResponseHeadersPolicy;
  readonly apiCachePolicy: cloudfront.CachePolicy;
  /** `https://<shop host>`, without a trailing slash. */
  readonly shopUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const webDistDir = props.webDistDir ?? WEB_DIST;
    if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
      throw new Error(`web/dist is missing: run \`npm run build:web\` first (looked for ${path.join(webDistDir, 'index.html')})`);
    }
    const region = Stack.of(this).region;

    this.siteBucket = props.siteBucket;

    // CloudFront's policies and origin access controls are named per account, not per region: their
    // names carry the stack (stage) and the region, so a second stage or region never collides.
    const globalName = (what: string) => `${Stack.of(this).stackName}-${Stack.of(this).region}-${what}`;
    this.responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: globalName('security-headers'),
      comment: 'Joias Inox: CSP, HSTS and friends on every answer',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognito: `https://cognito-idp.${region}.amazonaws.com`,
            uploads: props.uploadBuckets.map((bucket) => `https://${bucket.bucketRegionalDomainName}`),
            images: props.uploadBuckets.map((bucket) => `https://${bucket.bucketRegionalDomainName}`),
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: false, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()', override: true },
        ],
      },
    });

    this.apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCatalogueCache', {
      comment: 'Catalogue API: cached as long as the origin Cache-Control says, at most 5 minutes',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(API_CACHE_MAX_SECONDS),
      // Only what the handlers read: `?cb=<random>` must not skip the cache (none read any today).
      queryStringBehavior: (() => {
        const read = cachedApiQueryStrings(props.routes ?? routeTable);
        return read.length ? cloudfront.CacheQueryStringBehavior.allowList(...read) : cloudfront.CacheQueryStringBehavior.none();
      })(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const pageRewrite = new cloudfront.Function(this, 'PageRewrite', {
      comment: 'Pages get their pre-rendered object, app pages /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(pageRewriteCode(props.spaConfig.adminPathPrefix)),
    });

    const viewerIp = new cloudfront.Function(this, 'ApiViewerIp', {
      comment: 'The viewer IP for the API per-client limits',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(VIEWER_IP_CODE),
    });

    // The origin lock: only requests that carry the secret header get an answer from the API.
    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_HEADER]: props.originSecret },
    });
    const apiBehavior = (cachePolicy: cloudfront.ICachePolicy, withViewerIp: boolean): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
      ...(withViewerIp ? { functionAssociations: [{ function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }] } : {}),
    });

    // CloudFront tries the patterns in this order: the root sitemap, then the cacheable catalogue paths before `/api/*`.
    const additionalBehaviors: Record<string, cloudfront.BehaviorOptions> = {};
    const sitemapRewrite = new cloudfront.Function(this, 'SitemapRewrite', {
      comment: 'The root sitemap is answered by the API',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SITEMAP_REWRITE_CODE),
    });
    additionalBehaviors[paths.sitemap] = {
      ...apiBehavior(this.apiCachePolicy, false),
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      functionAssociations: [{ function: sitemapRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };
    for (const pattern of cachedApiPathPatterns(props.routes ?? routeTable)) {
      additionalBehaviors[pattern] = apiBehavior(this.apiCachePolicy, false);
    }
    additionalBehaviors['/api/*'] = apiBehavior(cloudfront.CachePolicy.CACHING_DISABLED, true);
    additionalBehaviors[`/${IMAGES_PREFIX}*`] = {
      origin: origins.S3BucketOrigin.withOriginAccessControl(props.imagesBucket, {
        originAccessControl: new cloudfront.S3OriginAccessControl(this, 'ImagesAccess', { originAccessControlName: globalName('images') }),
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Joias Inox shop (${props.spaConfig.stage})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        // The bucket first; what it does not have (S3 answers 403 to CloudFront for a missing key, as the
        // origin access control cannot list) goes to the pages function: a page not rendered yet is
        // rendered and kept, an unknown address gets the not-found page with a real 404.
        origin: new origins.OriginGroup({
          primaryOrigin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket, {
            originAccessControl: new cloudfront.S3OriginAccessControl(this, 'SiteAccess', { originAccessControlName: globalName('site') }),
          }),
          fallbackOrigin: new origins.HttpOrigin(props.apiDomainName, {
            originPath: PAGES_FALLBACK_PATH,
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // The second header says "the origin group's fallback": only then does the function render and keep a page.
            customHeaders: { [ORIGIN_HEADER]: props.originSecret, [PAGES_FALLBACK_HEADER]: props.originSecret },
          }),
          fallbackStatusCodes: [403, 404],
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeaders,
        functionAssociations: [{ function: pageRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: ACCESS_LOG_PREFIXES.cloudfront,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            sslSupportMethod: cloudfront.SSLMethod.SNI,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.shopUrl = props.domain ? `https://${props.domain.name}` : `https://${this.distribution.distributionDomainName}`;

    acknowledgeNag(
      this.distribution,
      'CFR1',
      'The shop sells to anyone who can reach it; there is no legal or business reason to block countries.',
    );
    acknowledgeNag(
      this.distribution,
      'CFR2',
      'No AWS WAF web ACL: its fixed monthly cost is out of proportion for a small shop. The API throttles every ' +
        'route at the stage, admin routes need a Cognito JWT, and inputs are validated server-side.',
    );
    if (!props.domain) {
      acknowledgeNag(
        this.distribution,
        'CFR4',
        'No custom domain is configured, so the distribution uses the default *.cloudfront.net certificate, for which ' +
          'CloudFront does not let us raise the minimum TLS version. With `-c domain=... -c certificateArn=...` the ' +
          'distribution uses SNI and TLSv1.2_2021.',
      );
    }

    this.deploySite(webDistDir, props.spaConfig);
  }

  /**
   * Uploads the SPA in two passes: the content-hashed `assets/` with a one-year immutable cache, then
   * everything else (index.html, config.json, icons) revalidated on every load, and invalidates the
   * distribution. Old hashed assets stay, so a page loaded before a deploy can still fetch its chunks.
   */
  private deploySite(webDistDir: string, spaConfig: SpaConfig): void {
    const logGroup = new logs.LogGroup(this, 'DeployLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const hashed = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.siteBucket,
      sources: [s3deploy.Source.asset(webDistDir)],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      logGroup,
    });
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.siteBucket,
      sources: [s3deploy.Source.asset(webDistDir), s3deploy.Source.jsonData('config.json', spaConfig), s3deploy.Source.data('robots.txt', robotsTxt(this.shopUrl))],
      // Pruning also empties `pages/`: every kept page names the old build's files; each is rendered
      // again on its first request. Not the documents: only a save of the settings renders them. The
      // build's manifest is the pre-renderer's, not the shop's.
      exclude: ['assets/*', '.vite/*', `${DOCUMENTS_PREFIX}*`],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    shell.node.addDependency(hashed);

    // Both deployments share one singleton handler, whose role aws-cdk-lib builds; these are its findings.
    const stack = Stack.of(this);
    const assetsBucket = `cdk-${stack.synthesizer.bootstrapQualifier ?? 'hnb659fds'}-assets-<AWS::AccountId>-${
      Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region
    }`;
    const deploymentReason =
      'Role of the CDK BucketDeployment custom resource, generated by aws-cdk-lib and used only while deploying: ' +
      'it reads the CDK asset objects, replaces any object of the site bucket and invalidates the distribution ' +
      '(CloudFront invalidation permissions have no resource-level scoping).';
    acknowledgeNag(
      shell.handlerRole,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      deploymentReason,
    );
    for (const finding of [
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      `Resource::arn:<AWS::Partition>:s3:::${assetsBucket}/*`,
      `Resource::<${stack.resolve((this.siteBucket.node.defaultChild as s3.CfnBucket).logicalId)}.Arn>/*`,
      'Resource::*',
    ]) {
      acknowledgeNag(shell.handlerRole, `IAM5[${finding}]`, deploymentReason);
    }
    // The singleton Lambda function behind every BucketDeployment of the stack.
    for (const child of stack.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledgeNag(
          child,
          'L1',
          'Runtime chosen by aws-cdk-lib for its BucketDeployment custom resource (it bundles the AWS CLI for that runtime); not our code.',
        );
      }
    }
  }
}
