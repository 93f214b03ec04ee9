/**
 * The CloudFront front door: SPA with client-route fallback that leaves /api/* 404s alone, the API and
 * the images on the same origin, strict security headers, and the SPA upload with its config.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { routes } from '#lambdas/routes.ts';
import { pageRewriteCode, REDIRECT_QUERY_CODE, SITEMAP_REWRITE_CODE } from '#infra/cloud/edge-functions.ts';
import { API_CACHE_MAX_SECONDS, cachedApiPathPatterns } from '#infra/cloud/web.ts';
import {
  documentObjectKey,
  DOCUMENTS_PREFIX,
  FILTERED_LISTING_PREFIX,
  filteredListingPathOfKey,
  filteredListingQuery,
  ORDER_SHELL,
  pageKind,
  pageObjectKey,
  PAGES_FALLBACK_PATH,
  PAGES_PREFIX,
} from '#shared/pages.ts';
import { PATH_ALIASES, paths } from '#shared/paths.ts';
import { findDependencyCycle, openViolations, synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

function distributionConfig(s: Synthesized) {
  return s.json.Resources[s.logicalId(s.stack.web.distribution)]!.Properties.DistributionConfig;
}

function originIdOfBucket(s: Synthesized, bucketLogicalId: string): string {
  return (distributionConfig(s).Origins as { Id: string; DomainName: unknown }[]).find(
    (origin) => JSON.stringify(origin.DomainName) === JSON.stringify({ 'Fn::GetAtt': [bucketLogicalId, 'RegionalDomainName'] }),
  )!.Id;
}

/** CloudFront path patterns match the whole path: `*` is any run of characters, `?` exactly one. */
function pathPatternMatches(pattern: string, uri: string): boolean {
  const source = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\/]/, '\\$&'))).join('');
  return new RegExp(`^${source}$`).test(uri);
}

describe('path patterns (test helper)', () => {
  it('match as CloudFront matches them', () => {
    expect(pathPatternMatches('/api/*', '/api/products')).toBe(true);
    expect(pathPatternMatches('/api/*', '/apix')).toBe(false);
    expect(pathPatternMatches('/api/products/*', '/api/products')).toBe(false);
    expect(pathPatternMatches('/api/sitemap.xml', '/api/sitemapxxml')).toBe(false);
    expect(pathPatternMatches('/images/?.jpg', '/images/a.jpg')).toBe(true);
  });
});

describe('page rewrite function', () => {
  const SPA_REWRITE_CODE = pageRewriteCode('/bastidores-7b99');
  type Answer = { uri?: string; statusCode?: number; headers?: Record<string, { value: string }> };
  const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (event: {
    request: { uri: string; querystring?: Record<string, { value: string }> };
  }) => Answer;
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;
  /** CloudFront's querystring: each parameter's value as it came in the address. */
  const withQuery = (uri: string, query: string) =>
    handler({
      request: {
        uri,
        querystring: Object.fromEntries(
          query
            .split('&')
            .map((pair) => pair.split('='))
            .map(([key, value]) => [key!, { value: value ?? '' }]),
        ),
      },
    });

  it('sends a filtered listing to its own key (never kept: the pages function renders it), other parameters to the plain listing', () => {
    expect(withQuery('/shop', 'tipo=anel').uri).toBe(`/${FILTERED_LISTING_PREFIX}tipo=anel.html`);
    // The filter's parameters in a fixed order, each value encoded once; anything else is ignored.
    expect(withQuery('/shop', 'max=20&utm_source=x&colecao=New%20Beginnings').uri).toBe(
      `/${FILTERED_LISTING_PREFIX}colecao=New%20Beginnings&max=20.html`,
    );
    expect(withQuery('/shop', 'colecao=New+Beginnings').uri).toBe(`/${FILTERED_LISTING_PREFIX}colecao=New%20Beginnings.html`);
    expect(withQuery('/shop', 'utm_source=x').uri).toBe('/pages/shop.html');
    // The same key as the twin's front door, and the pages function reads it back as the shop writes the filter.
    const key = withQuery('/shop', 'max=20&tipo=anel').uri!.slice(1);
    expect(key).toBe(`${FILTERED_LISTING_PREFIX}${filteredListingQuery(new URLSearchParams('max=20&tipo=anel'))}.html`);
    expect(filteredListingPathOfKey(key)).toBe('/shop?tipo=anel&max=20');
  });

  it('answers another spelling of a page (no accents, another case) with a 301 to it, keeping the query, from the one paths table', () => {
    expect(Object.keys(PATH_ALIASES)).toEqual(
      expect.arrayContaining(['/termos-e-condicoes', '/termos-e-condições', '/informacao-legal', '/politica-privacidade']),
    );
    for (const [alias, path] of Object.entries(PATH_ALIASES)) {
      const answer = handler({ request: { uri: encodeURI(alias) } });
      if (alias === path) {
        expect(answer.statusCode, alias).toBeUndefined();
        continue;
      }
      expect(answer.statusCode, alias).toBe(301);
      expect(answer.headers?.location?.value).toBe(encodeURI(path));
      expect(handler({ request: { uri: `${encodeURI(alias)}/` } }).statusCode).toBe(301);
    }
    expect(rewrite('/Termos-e-Condi%C3%A7%C3%B5es')).toBe('/pages/Termos-e-Condi%C3%A7%C3%B5es.html');
    expect(rewrite('/Termos-e-Condi%c3%a7%c3%b5es')).toBe('/pages/Termos-e-Condi%c3%a7%c3%b5es.html');
    expect(withQuery('/termos-e-condicoes', 'x=1').headers?.location?.value).toBe(`${encodeURI(paths.terms)}?x=1`);
    expect(withQuery('/TERMOS-E-CONDI%C3%87%C3%95ES', 'utm_source=a%20b&y=').headers?.location?.value).toBe(
      `${encodeURI(paths.terms)}?utm_source=a%20b&y=`,
    );
    const repeated = handler({
      request: { uri: '/Shop', querystring: { tipo: { value: 'anel', multiValue: [{ value: 'anel' }, { value: 'colar' }] } } as never },
    });
    expect(repeated.headers?.location?.value).toBe('/shop?tipo=anel&tipo=colar');
  });

  it("the pages' viewer-response function adds the visitor's query to a redirect the origin answered, and to nothing else", () => {
    type Response = { statusCode: number; headers: Record<string, { value: string }> };
    const respond = new Function(`${REDIRECT_QUERY_CODE}; return handler;`)() as (event: {
      request: { uri: string; querystring: Record<string, { value: string }> };
      response: Response;
    }) => Response;
    const moved = (location: string, query: Record<string, { value: string }>, statusCode = 301) =>
      respond({
        request: { uri: '/pages/product/x.html', querystring: query },
        response: { statusCode, headers: { location: { value: location } } },
      }).headers.location?.value;
    expect(moved('/product/anel-lua', { x: { value: '1' }, utm_source: { value: 'ig' } })).toBe('/product/anel-lua?x=1&utm_source=ig');
    expect(moved('/product/anel-lua', {})).toBe('/product/anel-lua');
    expect(moved('/product/anel-lua?y=2', { x: { value: '1' } })).toBe('/product/anel-lua?y=2');
    expect(moved('/product/anel-lua', { x: { value: '1' } }, 200)).toBe('/product/anel-lua');
    const page = respond({
      request: { uri: '/pages/faq.html', querystring: { x: { value: '1' } } },
      response: { statusCode: 200, headers: {} },
    });
    expect(page.headers.location).toBeUndefined();
  });

  it('sends public pages to their pre-rendered object, app pages to /index.html, and leaves files alone', () => {
    expect(rewrite('/')).toBe('/pages/index.html');
    expect(rewrite('/shop')).toBe('/pages/shop.html');
    expect(rewrite('/shop/')).toBe('/pages/shop.html');
    expect(rewrite('/product/abc-123')).toBe('/pages/product/abc-123.html');
    // Percent-encoded as browsers send it: S3 decodes it into the object's key.
    expect(rewrite('/Politica-Devolu%C3%A7%C3%B5es')).toBe('/pages/Politica-Devolu%C3%A7%C3%B5es.html');
    expect(rewrite('/nao-existe')).toBe('/pages/nao-existe.html');
    expect(rewrite('/encomenda')).toBe('/pages/encomenda.html');
    // A kept page asked for by its object's name is not a page: the fallback answers 404.
    expect(rewrite('/pages/product/abc-123.html')).toBe('/pages/-.html');
    // No page has a control character in its address: not found, without asking the pages function.
    expect(rewrite('/faq%00')).toBe('/pages/-.html');
    expect(rewrite('/about-us%0a')).toBe('/pages/-.html');
    expect(rewrite('/faq%C3%A7')).toBe('/pages/faq%C3%A7.html');
    // "A minha encomenda" has a shell of its own (its title, noindex).
    expect(rewrite('/encomenda/123456')).toBe(`/${ORDER_SHELL.file}`);
    for (const app of ['/cart', '/shipping', '/payment', '/thank-you', '/bastidores-7b99', '/bastidores-7b99/login']) {
      expect(rewrite(app), app).toBe('/index.html');
    }
    expect(rewrite('/bastidores-7b99/ordersdetail/123456')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    // The withdrawal form's PDF is rendered from the settings and kept beside the pages.
    expect(rewrite(paths.withdrawalFormPdf)).toBe(`/${documentObjectKey(paths.withdrawalFormPdf)}`);
    expect(rewrite('/documentos/outro.pdf')).toBe('/documentos/outro.pdf');
    // The back-office customer page ends with an opaque reference; an old link ending with an e-mail (a dot in its
    // domain) still opens the app, which says it is no customer address.
    expect(rewrite('/bastidores-7b99/clientes/e123456')).toBe('/index.html');
    expect(rewrite('/bastidores-7b99/clientes/ana@exemplo.pt')).toBe('/index.html');
    expect(rewrite('/bastidores-7b99/clientes/ANA%40EXEMPLO.PT')).toBe('/index.html');
  });

  it('agrees with the twin front door (pageKind) on every kind of address', () => {
    for (const path of ['/', '/shop', '/product/abc', '/faq', '/nao-existe', '/cart', '/bastidores-7b99/login', '/Politica-Privacidade']) {
      const kind = pageKind(path, '/bastidores-7b99').kind;
      expect(rewrite(path), path).toBe(kind === 'app' ? '/index.html' : `/${pageObjectKey(path)}`);
    }
  });
});

describe('CloudFront distribution', () => {
  it('the default behaviour serves the site bucket through OAC, then the pages function, with the rewrite function; no error pages', () => {
    const config = distributionConfig(shop);
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultRootObject).toBe('index.html');
    const def = config.DefaultCacheBehavior;
    // An origin group: the bucket first; its 403 (a missing key: OAC cannot list) or 404 goes to the pages function.
    const group = (config.OriginGroups.Items as Record<string, any>[]).find((g) => g.Id === def.TargetOriginId)!;
    expect(group.FailoverCriteria.StatusCodes.Items.sort()).toEqual([403, 404]);
    const [primary, fallback] = group.Members.Items.map((m: { OriginId: string }) =>
      (config.Origins as Record<string, any>[]).find((o) => o.Id === m.OriginId)!,
    );
    expect(primary.Id).toBe(originIdOfBucket(shop, shop.logicalId(shop.stack.data.buckets.site)));
    expect(fallback.OriginPath).toBe(PAGES_FALLBACK_PATH);
    expect(JSON.stringify(fallback.DomainName)).toContain(shop.logicalId(shop.stack.api.httpApi));
    expect(fallback.OriginCustomHeaders.map((h: { HeaderName: string }) => h.HeaderName).sort()).toEqual([
      'x-origin-verify',
      'x-pages-fallback',
    ]);
    expect(routes.some((route) => route.path === `${PAGES_FALLBACK_PATH}/{key+}` && route.method === 'GET')).toBe(true);
    expect(def.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(def.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebPageRewrite/), 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebRedirectQuery/), 'FunctionARN'] } },
    ]);
    const fnId = def.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    expect(shop.json.Resources[fnId]!.Properties.FunctionCode).toBe(pageRewriteCode('/bastidores-7b99'));
    // A redirect from the pages function (a piece's former address) keeps the visitor's query.
    expect(shop.json.Resources[def.FunctionAssociations[1].FunctionARN['Fn::GetAtt'][0]]!.Properties.FunctionCode).toBe(
      REDIRECT_QUERY_CODE,
    );
    const origins = config.Origins as { OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
    for (const origin of origins.filter((o) => o.S3OriginConfig)) expect(origin.OriginAccessControlId).toBeDefined();
  });

  it('forwards /api/* to the HTTP API without caching, with every viewer header but Host, all methods', () => {
    const behaviors = distributionConfig(shop).CacheBehaviors as Record<string, any>[];
    const api = behaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.OriginRequestPolicyId).toBe(cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(api.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    const origin = (distributionConfig(shop).Origins as Record<string, any>[]).find((o) => o.Id === api.TargetOriginId)!;
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(origin.DomainName)).toContain(shop.logicalId(shop.stack.api.httpApi));
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.eu-west-1.');
  });

  it('serves /sitemap.xml at the root from the API (cached, GET/HEAD only), by a function that rewrites only its path', () => {
    const config = distributionConfig(shop);
    const behaviors = config.CacheBehaviors as Record<string, any>[];
    const apiOrigin = behaviors.find((b) => b.PathPattern === '/api/*')!.TargetOriginId;
    const sitemap = behaviors.find((b) => b.PathPattern === '/sitemap.xml')!;
    expect(sitemap.TargetOriginId).toBe(apiOrigin);
    expect(sitemap.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(sitemap.CachePolicyId).toEqual({ Ref: shop.logicalId(shop.stack.web.apiCachePolicy) });
    // It comes before every other pattern that could match it.
    expect(behaviors.findIndex((b) => pathPatternMatches(b.PathPattern, '/sitemap.xml'))).toBe(behaviors.indexOf(sitemap));
    const fnId = sitemap.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    const code = shop.json.Resources[fnId]!.Properties.FunctionCode as string;
    expect(code).toBe(SITEMAP_REWRITE_CODE);
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/sitemap.xml' } }).uri).toBe('/api/sitemap.xml');
  });

  it('the SPA fallback does not swallow /api/*: every API path reaches the API origin untouched, client routes get the shell', () => {
    const config = distributionConfig(shop);
    const behaviors = config.CacheBehaviors as Record<string, any>[];
    const apiOrigin = behaviors.find((b) => b.PathPattern === '/api/*')!.TargetOriginId;
    // The back-office's rows go to their own API (its own stage and throttles).
    const adminOrigin = behaviors.find((b) => b.PathPattern === '/api/admin/*')!.TargetOriginId;
    expect(adminOrigin).not.toBe(apiOrigin);
    const behaviorFor = (uri: string) => behaviors.find((b) => pathPatternMatches(b.PathPattern, uri)) ?? config.DefaultCacheBehavior;

    const apiPaths = [
      ...routes.map((route) => route.path.replace(/\{[^}]+\}/g, 'abc-123')),
      '/api/no-such-route',
      '/api/admin/orders/123456/unknown',
    ];
    const spaRewrite = config.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN;
    for (const uri of apiPaths) {
      const behavior = behaviorFor(uri);
      expect(behavior.TargetOriginId, uri).toBe(uri.startsWith('/api/admin/') ? adminOrigin : apiOrigin);
      // At most the viewer-IP function (the per-client limits), never the SPA rewrite.
      for (const association of behavior.FunctionAssociations ?? []) expect(association.FunctionARN, uri).not.toEqual(spaRewrite);
    }
    // Only the SPA's own behaviour rewrites, and no distribution-wide error page turns API 403/404s into the shell.
    expect(
      behaviors.flatMap((b) => b.FunctionAssociations ?? []).filter((a) => JSON.stringify(a.FunctionARN) === JSON.stringify(spaRewrite)),
    ).toEqual([]);
    expect(config.CustomErrorResponses).toBeUndefined();
    for (const uri of ['/shop', '/bastidores-7b99/login', '/product/abc-123']) {
      expect(behaviorFor(uri), uri).toBe(config.DefaultCacheBehavior);
    }
  });

  it('lets CloudFront cache the catalogue rows as the origin says (at most 5 min), before /api/*', () => {
    const patterns = cachedApiPathPatterns(routes);
    expect(patterns).toEqual(expect.arrayContaining(['/api/products', '/api/products/*', '/api/collections']));
    const behaviors = distributionConfig(shop).CacheBehaviors as Record<string, any>[];
    const order = behaviors.map((b) => b.PathPattern);
    const apiBehavior = behaviors.find((b) => b.PathPattern === '/api/*')!;
    for (const pattern of patterns) {
      const behavior = behaviors.find((b) => b.PathPattern === pattern)!;
      expect(order.indexOf(pattern)).toBeLessThan(order.indexOf('/api/*'));
      // The catalogue's policy, or the one keyed on what the path's rows read (the search's q), with the same times.
      const policy = shop.json.Resources[(behavior.CachePolicyId as { Ref: string }).Ref]!;
      expect(policy.Type).toBe('AWS::CloudFront::CachePolicy');
      expect(policy.Properties.CachePolicyConfig).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: API_CACHE_MAX_SECONDS });
      if (!pattern.startsWith('/api/search'))
        expect(behavior.CachePolicyId).toEqual({ Ref: shop.logicalId(shop.stack.web.apiCachePolicy) });
      expect(behavior.TargetOriginId).toBe(apiBehavior.TargetOriginId);
      expect(behavior.OriginRequestPolicyId).toBe(apiBehavior.OriginRequestPolicyId);
    }
    shop.template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: { MinTTL: 0, DefaultTTL: 0, MaxTTL: API_CACHE_MAX_SECONDS },
    });
    // Admin paths never fall under a cached pattern.
    expect(patterns.some((p) => p.startsWith('/api/admin'))).toBe(false);
  });

  it('serves /images/* from the images bucket, cached', () => {
    const behavior = (distributionConfig(shop).CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/images/*')!;
    expect(behavior.TargetOriginId).toBe(originIdOfBucket(shop, shop.logicalId(shop.stack.data.buckets.images)));
    expect(behavior.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
    expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD']);
  });

  it('puts the security headers on every behaviour', () => {
    const policyRef = { Ref: shop.logicalId(shop.stack.web.responseHeaders) };
    const config = distributionConfig(shop);
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(policyRef);
    for (const behavior of config.CacheBehaviors) expect(behavior.ResponseHeadersPolicyId).toEqual(policyRef);

    const headers =
      shop.json.Resources[shop.logicalId(shop.stack.web.responseHeaders)]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(headers.StrictTransportSecurity).toEqual(expect.objectContaining({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }));
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://");
    expect(csp).toContain(shop.logicalId(shop.stack.data.buckets.proofs));
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('without the EdgeLogs stack, logs to the access-log bucket (legacy); price class 100 and HTTP/2+3', () => {
    const config = distributionConfig(shop);
    expect(config.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [shop.logicalId(shop.stack.data.accessLogs), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    expect(config.PriceClass).toBe('PriceClass_100');
    expect(config.HttpVersion).toBe('http2and3');
  });
});

describe('SPA upload', () => {
  it('uploads web/dist and a config.json with the stack values, and invalidates the distribution', () => {
    const deployments = Object.values(shop.json.Resources).filter((r) => r.Type === 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const shell = deployments.find((d) => d.Properties.DistributionId)!;
    expect(shell.Properties.DistributionId).toEqual({ Ref: shop.logicalId(shop.stack.web.distribution) });
    expect(JSON.stringify(shell.Properties.SourceMarkers)).toContain(shop.logicalId(shop.stack.auth.userPool));
    expect(JSON.stringify(shell.Properties.SourceMarkers)).toContain(shop.logicalId(shop.stack.auth.client));
    // Pruning empties the kept pages (rendered again with the new build) but keeps the documents,
    // which only a save of the settings renders.
    expect(shell.Properties.Prune).toBe(true);
    expect(shell.Properties.Exclude).toEqual(expect.arrayContaining([`${DOCUMENTS_PREFIX}*`]));
    expect(shell.Properties.Exclude).not.toContain(`${PAGES_PREFIX}*`);

    const configFile = fs
      .readdirSync(shop.assemblyDir)
      .map((entry) => path.join(shop.assemblyDir, entry, 'config.json'))
      .find((file) => fs.existsSync(file))!;
    const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
    expect(config).toEqual({
      apiBasePath: '/api',
      region: 'eu-west-1',
      userPoolId: expect.stringMatching(/^<<marker:/),
      userPoolClientId: expect.stringMatching(/^<<marker:/),
      adminPathPrefix: '/bastidores-7b99',
      stage: 'test',
    });
  });

  it('refuses to deploy (synthesize with bundling) without a built SPA, naming the command', () => {
    const missing = path.join(shop.assemblyDir, 'no-such-dist');
    expect(() => synthShop({ webDistDir: missing, bundling: true })).toThrow(
      /The shop is not built \(missing .*no-such-dist\/index\.html.*\): run `npm run build:web` first/,
    );
  });

  it('outputs the shop URL and the Cognito ids', () => {
    const outputs = shop.json.Outputs!;
    expect(JSON.stringify(outputs.ShopUrl.Value)).toContain(shop.logicalId(shop.stack.web.distribution));
    expect(outputs.UserPoolId.Value).toEqual({ Ref: shop.logicalId(shop.stack.auth.userPool) });
    expect(outputs.UserPoolClientId.Value).toEqual({ Ref: shop.logicalId(shop.stack.auth.client) });
    expect(outputs.DistributionDomainName.Value).toEqual({ 'Fn::GetAtt': [shop.logicalId(shop.stack.web.distribution), 'DomainName'] });
  });
});

describe('with a custom domain', () => {
  let withDomain: Synthesized;
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f6a5e4e-1111-2222-3333-444455556666';

  beforeAll(() => {
    withDomain = synthShop({ domain: { name: 'loja.joias.test', certificateArn } });
  }, SYNTH_TIMEOUT_MS);

  it('serves the domain with its certificate over TLS 1.2+ and locks upload CORS to it', () => {
    const config = distributionConfig(withDomain);
    expect(config.Aliases).toEqual(['loja.joias.test']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    for (const name of ['proofs', 'images'] as const) {
      const bucket = withDomain.json.Resources[withDomain.logicalId(withDomain.stack.data.buckets[name])]!;
      expect(bucket.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(['https://loja.joias.test']);
    }
    expect(withDomain.json.Outputs!.ShopUrl.Value).toBe('https://loja.joias.test');
  });

  it('has no dependency cycle with CORS naming the domain', () => {
    expect(findDependencyCycle(withDomain.json)).toBeUndefined();
  });

  it('needs no TLS acknowledgement', () => {
    expect(openViolations(withDomain.report)).toEqual([]);
    const acknowledged = withDomain.report.pluginReports.flatMap((p) => p.suppressedViolations ?? []).map((v) => v.ruleName);
    expect(acknowledged).not.toContain('AwsSolutions-CFR4');
  });
});
