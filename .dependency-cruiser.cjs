/**
 * The house rules of the code's structure (`npm run lint`): dependencies point one way
 * (infra → lambdas → shared, web → shared), each layer of the API keeps to its job, no feature of
 * the web app imports another, and nothing imports in a circle.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import cycle (type-only ones too).', from: {}, to: { circular: true } },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ runs in the browser and in Lambda: it imports only shared/ and zod.',
      from: { path: '^shared/' },
      to: { pathNot: ['^shared/', '^node_modules/zod/'] },
    },
    {
      name: 'runtime-not-deployment',
      severity: 'error',
      comment: 'The runtime (lambdas, web) never depends on the deployment code (infra).',
      from: { path: '^(lambdas|web)/' },
      to: { path: '^infra/' },
    },
    { name: 'web-not-lambdas', severity: 'error', comment: 'The browser shares only shared/ with the server.', from: { path: '^web/' }, to: { path: '^lambdas/' } },
    { name: 'lambdas-not-web', severity: 'error', from: { path: '^lambdas/' }, to: { path: '^web/' } },
    {
      name: 'domain-not-http',
      severity: 'error',
      comment: 'Services and repositories do not know about HTTP (errors and logger live in lambdas/).',
      from: { path: '^lambdas/(services|repositories|contracts)/' },
      to: { path: '^lambdas/(http|handlers)/' },
    },
    {
      name: 'sdk-only-in-repositories',
      severity: 'error',
      comment: 'Every AWS SDK call lives in lambdas/repositories/.',
      from: { path: '^lambdas/', pathNot: '^lambdas/repositories/' },
      to: { path: '^node_modules/@aws-sdk/' },
    },
    {
      name: 'handlers-through-services',
      severity: 'error',
      comment: 'A handler (HTTP or scheduled) calls its use case in services/, never a repository.',
      from: { path: '^lambdas/(handlers|consumers)/' },
      to: { path: '^lambdas/repositories/' },
    },
    { name: 'repositories-below-services', severity: 'error', from: { path: '^lambdas/repositories/' }, to: { path: '^lambdas/services/' } },
    {
      name: 'no-feature-imports-another',
      severity: 'error',
      comment: 'Features of the web app share through src/lib, src/ui and src/app, never directly.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.data|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
