/**
 * What the shop's origin answers besides its pages: the Content-Security-Policy of every answer and the
 * robots.txt. Plain code, free of aws-cdk-lib: the cloud's response headers and the twin's front door
 * use the same.
 */
import { CHECKOUT_PAGES, paths } from '#shared/paths.ts';

/** Where the browser may connect besides the shop's own origin. */
export interface CspOrigins {
  /** Cognito user pool endpoint used by Amplify, e.g. `https://cognito-idp.eu-west-1.amazonaws.com`. */
  readonly cognito: string;
  /** Origins of the buckets that receive presigned uploads (`https://<bucket>.s3.<region>.amazonaws.com`). */
  readonly uploads: readonly string[];
  /** Origins whose images the pages show besides their own (the presigned links of payment proofs). */
  readonly images: readonly string[];
  /** Add `upgrade-insecure-requests` (true in the cloud; the local twin is plain http). */
  readonly upgradeInsecureRequests?: boolean;
}

/**
 * The shop's Content-Security-Policy: scripts and styles only from the shop itself (no inline code),
 * XHR/fetch to the shop, Cognito and the upload buckets, no framing, no plugins.
 */
export function contentSecurityPolicy(origins: CspOrigins): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...origins.images],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", origins.cognito, ...origins.uploads],
    'form-action': ["'self'", ...origins.uploads],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'manifest-src': ["'self'"],
    // The proof of work's worker (the `altcha` widget's PBKDF2 worker) is a file of the shop's own.
    'worker-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .concat(origins.upgradeInsecureRequests === false ? [] : ['upgrade-insecure-requests'])
    .join('; ');
}

/**
 * The shop's robots.txt for its public origin: the checkout pages are not for search engines, and the
 * sitemap (built by the API from the live catalogue) is named with its absolute URL, as the protocol
 * wants. It never names the back-office (its pages carry `noindex` instead).
 *
 * @example robotsTxt('https://joias.example') // '...Sitemap: https://joias.example/sitemap.xml\n'
 */
export function robotsTxt(shopUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...CHECKOUT_PAGES.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${shopUrl}${paths.sitemap}`,
    '',
  ].join('\n');
}
