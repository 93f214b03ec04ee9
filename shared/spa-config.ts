/**
 * The SPA's runtime settings, written by the stack as `/config.json` next to `index.html`
 * (the local front door serves the same shape).
 */
export interface SpaConfig {
  /** Base path of the HTTP API on the shop's own origin. */
  readonly apiBasePath: '/api';
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly adminPathPrefix: string;
  readonly stage: string;
  /** Only in the local twin: the Cognito-compatible server's address (AWS's endpoint is implied otherwise). */
  readonly userPoolEndpoint?: string;
}
