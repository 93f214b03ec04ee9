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
 * `config.json` that carries the stack's values (`SpaConfig` of `shared/spa-config.ts`). The
 * CloudFront Functions' source is in `edge-functions.ts`.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { routes as routeTable, type Route } from '#lambdas/routes.ts';
import { paths } from '#shared/paths.ts';
import { PAGES_FALLBACK_PATH } from '#shared/pages.ts';
import type { SpaConfig } from '#shared/spa-config.ts';
import { API_CACHE_MAX_SECONDS, cachedApiPaths } from '../common/api-cache.ts';
import { type DomainSettings } from '../common/deploy-settings.ts';
import { contentSecurityPolicy } from '../common/headers.ts';
import { ACCESS_LOG_PREFIXES } from './data.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { IMAGES_PREFIX } from '#lambdas/contracts/data-model.ts';
import { ORIGIN_HEADER, PAGES_FALLBACK_HEADER } from '#lambdas/contracts/env.ts';
import { WEB_DIST } from '../common/repo-paths.ts';
import { FEEDS_REWRITE_CODE, pageRewriteCode, REDIRECT_QUERY_CODE, SITEMAP_REWRITE_CODE } from './edge-functions.ts';
import { apiViewerRequestFunction, challengeKeysStore } from './api-edge.ts';
import { FEEDS_PATTERN } from '#shared/feeds.ts';
import { deploySite } from './site-deploy.ts';

/** CloudFront's behaviour of the back-office API (its own HTTP API and stage). */
export const ADMIN_API_PATTERN = '/api/admin/*';

export { API_CACHE_MAX_SECONDS, cachedApiPathPatterns } from '../common/api-cache.ts';

export interface WebProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  readonly apiDomainName: string;
  /** Host name of the back-office's HTTP API, the origin of `/api/admin/*` (its own stage and throttles). */
  readonly adminApiDomainName: string;
  readonly imagesBucket: s3.IBucket;
  /** The built shop and its pre-rendered pages (`pages/`). */
  readonly siteBucket: s3.Bucket;
  /** Buckets the browser uploads to with presigned POSTs, and whose presigned links pages show. */
  readonly uploadBuckets: readonly s3.IBucket[];
  readonly accessLogs: s3.IBucket;
  /**
   * CloudFront's legacy standard logs into {@link accessLogs} (they keep every query string): only when no
   * standard logging v2 delivery (`edge-logs.ts`) takes the distribution's logs.
   */
  readonly legacyLogging: boolean;
  /** Values of `config.json` that the stack knows. */
  readonly spaConfig: SpaConfig;
  /** Directory of the built SPA. @default `<repo>/web/dist` */
  readonly webDistDir?: string;
  /**
   * Upload the built SPA (with `config.json` and `robots.txt`) to the site bucket. False only for a
   * stack that is listed, not deployed, before the shop is built (`shop-build.ts`). @default true
   */
  readonly uploadSite?: boolean;
  readonly domain?: DomainSettings;
  /** @default `lambdas/routes.ts` */
  readonly routes?: readonly Route[];
  /**
   * The origin secret CloudFront adds to every API request (`x-origin-verify`): a dynamic reference to the
   * secret's `current` value, resolved when CloudFormation updates the distribution (a rotation switches it
   * itself: `npm run rotate-secret`).
   */
  readonly originSecret: string;
  /** ARN of the AWS WAF web ACL (scope CLOUDFRONT, in us-east-1) to attach (context `edgePlan`, `waf.ts`); none with `edgePlan=none`. */
  readonly webAclArn?: string;
}

export class Web extends Construct {
  readonly siteBucket: s3.IBucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeaders: cloudfront.ResponseHeadersPolicy;
  readonly apiCachePolicy: cloudfront.CachePolicy;
  /** The API function's KeyValueStore: the challenges' keys (`api-edge.ts`). */
  readonly challengeKeys: cloudfront.KeyValueStore;
  /** `https://<shop host>`, without a trailing slash. */
  readonly shopUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.siteBucket = props.siteBucket;
    this.responseHeaders = this.securityHeaders(props.uploadBuckets);
    this.apiCachePolicy = this.catalogueCachePolicy([]);
    this.challengeKeys = challengeKeysStore(this, this.globalName('challenge-keys'));

    const pageRewrite = new cloudfront.Function(this, 'PageRewrite', {
      comment: 'Pages get their pre-rendered object, app pages /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(pageRewriteCode(props.spaConfig.adminPathPrefix)),
    });
    const redirectQuery = new cloudfront.Function(this, 'RedirectQuery', {
      comment: 'A page redirect keeps the query',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(REDIRECT_QUERY_CODE),
    });
    const additionalBehaviors = this.additionalBehaviors(props);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Joias Inox shop (${props.spaConfig.stage})`,
      defaultRootObject: 'index.html',
      defaultBehavior: this.pagesBehavior(props, pageRewrite, redirectQuery),
      additionalBehaviors,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(props.legacyLogging ? { enableLogging: true, logBucket: props.accessLogs, logFilePrefix: ACCESS_LOG_PREFIXES.cloudfront } : {}),
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
    this.acknowledgeDistributionNags(props.domain, props.webAclArn !== undefined, props.legacyLogging);

    if (props.uploadSite !== false) deploySite(this, props.webDistDir ?? WEB_DIST, props.spaConfig);
  }

  /**
   * CloudFront's policies and origin access controls are named per account, not per region: their
   * names carry the stack (stage) and the region, so a second stage or region never collides.
   */
  private globalName(what: string): string {
    return `${Stack.of(this).stackName}-${Stack.of(this).region}-${what}`;
  }

  /** The security headers of every answer: the CSP (`infra/common/headers.ts`), HSTS and friends. */
  private securityHeaders(uploadBuckets: readonly s3.IBucket[]): cloudfront.ResponseHeadersPolicy {
    const region = Stack.of(this).region;
    return new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: this.globalName('security-headers'),
      comment: 'Joias Inox: CSP, HSTS and friends on every answer',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognito: `https://cognito-idp.${region}.amazonaws.com`,
            uploads: uploadBuckets.map((bucket) => `https://${bucket.bucketRegionalDomainName}`),
            images: uploadBuckets.map((bucket) => `https://${bucket.bucketRegionalDomainName}`),
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
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()', override: true }],
      },
    });
  }

  /**
   * The cache of the catalogue's API rows (`cacheSeconds`): as long as the handler's Cache-Control says,
   * at most 5 minutes, keyed on the query strings `read` by the rows of the paths that use it and no
   * other, so `?cb=<random>` (or `?q=<random>` on the catalogue) cannot skip the cache. One policy for the
   * paths that read none, one per set of query strings read (the search's `q`).
   */
  private catalogueCachePolicy(read: readonly string[]): cloudfront.CachePolicy {
    const id = read.length ? `ApiCache${read.map((name) => name[0]!.toUpperCase() + name.slice(1)).join('')}` : 'ApiCatalogueCache';
    return new cloudfront.CachePolicy(this, id, {
      comment: read.length
        ? `Catalogue API keyed on ${read.join(', ')}: cached as the origin says, at most 5 minutes`
        : 'Catalogue API: cached as long as the origin Cache-Control says, at most 5 minutes',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(API_CACHE_MAX_SECONDS),
      queryStringBehavior: read.length
        ? cloudfront.CacheQueryStringBehavior.allowList(...read)
        : cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  }

  /**
   * The behaviours besides the pages', in the order CloudFront tries their patterns: the root sitemap,
   * the cacheable catalogue paths before `/api/*`, then `/images/*` from the images bucket.
   */
  private additionalBehaviors(props: WebProps): Record<string, cloudfront.BehaviorOptions> {
    // The viewer's IP for the per-client limits, and the proof of work's signature on the guarded writes.
    const viewerIp = apiViewerRequestFunction(this, this.challengeKeys);

    // The origin lock: only requests that carry the secret header get an answer from the API.
    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_HEADER]: props.originSecret },
    });
    // The back-office's API: its own origin, so its own stage and throttle buckets (`api.ts`).
    const adminOrigin = new origins.HttpOrigin(props.adminApiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_HEADER]: props.originSecret },
    });
    const apiBehavior = (
      cachePolicy: cloudfront.ICachePolicy,
      withViewerIp: boolean,
      origin: cloudfront.IOrigin = apiOrigin,
    ): cloudfront.BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
      ...(withViewerIp ? { functionAssociations: [{ function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }] } : {}),
    });

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
    const feedsRewrite = new cloudfront.Function(this, 'FeedsRewrite', {
      comment: 'The product feeds are answered by the API',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(FEEDS_REWRITE_CODE),
    });
    additionalBehaviors[FEEDS_PATTERN] = {
      ...apiBehavior(this.apiCachePolicy, false),
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      functionAssociations: [{ function: feedsRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };
    const keyed = new Map<string, cloudfront.CachePolicy>();
    for (const { pattern, queries } of cachedApiPaths(props.routes ?? routeTable)) {
      const name = queries.join('&');
      if (queries.length && !keyed.has(name)) keyed.set(name, this.catalogueCachePolicy(queries));
      additionalBehaviors[pattern] = apiBehavior(queries.length ? keyed.get(name)! : this.apiCachePolicy, false);
    }
    // Before `/api/*`: CloudFront takes the first pattern that matches.
    additionalBehaviors[ADMIN_API_PATTERN] = apiBehavior(cloudfront.CachePolicy.CACHING_DISABLED, false, adminOrigin);
    additionalBehaviors['/api/*'] = apiBehavior(cloudfront.CachePolicy.CACHING_DISABLED, true);
    additionalBehaviors[`/${IMAGES_PREFIX}*`] = {
      origin: origins.S3BucketOrigin.withOriginAccessControl(props.imagesBucket, {
        originAccessControl: new cloudfront.S3OriginAccessControl(this, 'ImagesAccess', {
          originAccessControlName: this.globalName('images'),
        }),
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
    };
    return additionalBehaviors;
  }

  /**
   * The default behaviour, the pages: the bucket first; what it does not have (S3 answers 403 to
   * CloudFront for a missing key, as the origin access control cannot list) goes to the pages function:
   * a page not rendered yet is rendered and kept, an unknown address gets the not-found page with a real 404.
   */
  private pagesBehavior(
    props: WebProps,
    pageRewrite: cloudfront.IFunction,
    redirectQuery: cloudfront.IFunction,
  ): cloudfront.BehaviorOptions {
    return {
      origin: new origins.OriginGroup({
        primaryOrigin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket, {
          originAccessControl: new cloudfront.S3OriginAccessControl(this, 'SiteAccess', {
            originAccessControlName: this.globalName('site'),
          }),
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
      functionAssociations: [
        { function: pageRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        { function: redirectQuery, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
      ],
      compress: true,
    };
  }

  /** cdk-nag's findings on the distribution that are choices, and why. */
  private acknowledgeDistributionNags(domain: DomainSettings | undefined, withWebAcl: boolean, legacyLogging: boolean): void {
    if (!legacyLogging) {
      acknowledgeNag(
        this.distribution,
        'CFR3',
        "The access logs are delivered by CloudFront standard logging v2 (AWS::Logs::Delivery in the stage's EdgeLogs stack, " +
          'us-east-1) into the access-log bucket, without query strings, cookies or referrers; cdk-nag only looks at the legacy setting.',
      );
    }
    acknowledgeNag(
      this.distribution,
      'CFR1',
      'The shop sells to anyone who can reach it; there is no legal or business reason to block countries.',
    );
    if (!withWebAcl) {
      acknowledgeNag(
        this.distribution,
        'CFR2',
        "No AWS WAF web ACL, by the operator's explicit choice (context edgePlan=none; the default puts one in front). The API " +
          'throttles every route at the stage, admin routes need a Cognito JWT, and inputs are validated server-side.',
      );
    }
    if (!domain) {
      acknowledgeNag(
        this.distribution,
        'CFR4',
        'No custom domain is configured, so the distribution uses the default *.cloudfront.net certificate, for which ' +
          'CloudFront does not let us raise the minimum TLS version. With `-c domain=... -c certificateArn=...` the ' +
          'distribution uses SNI and TLSv1.2_2021.',
      );
    }
  }
}
