/**
 * The house rules of the code's structure (`npm run lint`): dependencies point one way
 * (infra → lambdas → shared, web → shared), each layer of the API keeps to its job, infra/ keeps its
 * three rooms apart (cloud, twin, ops, with what they share in common/), no feature of the web app
 * imports another or the app that assembles them, lib/ and ui/ import no feature, and nothing imports
 * in a circle.
 *
 * Packages are resolved (`doNotFollow`, not `exclude`): a rule about a package can fire.
 * `test/infra/dependency-rules.test.ts` plants a breaking import and expects these rules to catch it.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import cycle (type-only ones too).', from: {}, to: { circular: true } },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ runs in the browser and in Lambda: it imports only shared/ and the packages named here (zod, ibantools).',
      from: { path: '^shared/' },
      to: { pathNot: ['^shared/', '^node_modules/(zod|ibantools)/'] },
    },
    {
      name: 'twin-without-cdk',
      severity: 'error',
      comment: 'The local twin runs without the CDK: it reads what it shares with the cloud from infra/common/.',
      from: { path: '^infra/twin/' },
      to: { path: ['^node_modules/(aws-cdk-lib|constructs|cdk-nag)/', '^infra/cloud/'] },
    },
    {
      name: 'nothing-imports-the-twin',
      severity: 'error',
      comment: 'The twin is a way to run the shop, not a part of it: only tests and benchmarks start it.',
      from: { path: '^(infra/(cloud|ops|common)|lambdas|shared|web)/' },
      to: { path: '^infra/twin/' },
    },
    {
      name: 'ops-without-twin-or-cdk',
      severity: 'error',
      comment: 'Operator commands talk to a deployed shop: no twin, no CDK app.',
      from: { path: '^infra/ops/' },
      to: { path: ['^infra/(twin|cloud)/', '^node_modules/(aws-cdk-lib|constructs|cdk-nag)/'] },
    },
    {
      name: 'common-stands-alone',
      severity: 'error',
      comment: 'infra/common/ is what cloud, twin and ops share: it imports none of them and no CDK.',
      from: { path: '^infra/common/' },
      to: { path: ['^infra/(cloud|twin|ops)/', '^node_modules/(aws-cdk-lib|constructs|cdk-nag)/'] },
    },
    {
      name: 'runtime-not-deployment',
      severity: 'error',
      comment: 'The runtime (lambdas, web) never depends on the deployment code (infra).',
      from: { path: '^(lambdas|web)/' },
      to: { path: '^infra/' },
    },
    {
      name: 'web-not-lambdas',
      severity: 'error',
      comment: 'The browser shares only shared/ with the server.',
      from: { path: '^web/' },
      to: { path: '^lambdas/' },
    },
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
      to: { path: '^node_modules/@(aws-sdk|smithy)/' },
    },
    {
      name: 'handlers-through-services',
      severity: 'error',
      comment: 'A handler (HTTP or scheduled) calls its use case in services/, never a repository.',
      from: { path: '^lambdas/(handlers|consumers)/' },
      to: { path: '^lambdas/repositories/' },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      from: { path: '^lambdas/repositories/' },
      to: { path: '^lambdas/services/' },
    },
    {
      name: 'no-feature-imports-another',
      severity: 'error',
      comment: 'Features of the web app share through src/lib and src/ui, never directly.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'features-not-app',
      severity: 'error',
      comment: 'src/app/ assembles the features (routes, layouts, shells); a feature never reaches back into it.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'lib-and-ui-not-features',
      severity: 'error',
      comment: 'src/lib/ and src/ui/ are what features share: they import no feature.',
      from: { path: '^web/src/(lib|ui)/' },
      to: { path: '^web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr|\\.data|\\.cache)/' },
    tsPreCompilationDeps: true,
    preserveSymlinks: true, // a worktree's node_modules may be a link: its packages still count as node_modules/
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
