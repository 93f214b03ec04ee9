/**
 * One API Lambda function with the house defaults, so every route's function is built the same way:
 * the newest Node.js runtime this aws-cdk-lib knows, arm64, an ESM bundle made by the local esbuild
 * (no Docker), source maps on, its own log group with a retention, and its own role that may write
 * only to that log group until a binding (`./bind.ts`) grants more.
 *
 * The AWS SDK v3 clients are bundled (`bundleAwsSDK`) rather than taken from the runtime: the code
 * then runs against the exact SDK versions of `package-lock.json` that the tests and the local twin
 * use, a runtime SDK update cannot change behaviour, and esbuild drops the parts we do not import,
 * which keeps the bundle small and the cold start predictable. The few SDK modules a function never
 * reaches in Lambda are left out ({@link UNREACHED_IN_LAMBDA}).
 */
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { PAGES_ENV } from '#lambdas/contracts/env.ts';
import type { Grant } from '#lambdas/route-grants.ts';
import { REPO_ROOT, RENDERER_DIST } from '../../common/repo-paths.ts';

/** Node.js runtime of every API function: the newest one this aws-cdk-lib offers. */
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_24_X;
/** esbuild target matching {@link FUNCTION_RUNTIME}. */
export const BUNDLE_TARGET = 'node24';

/** The top-level stack a construct deploys with: its nested stack's parent, or its own stack. */
export function shopStackOf(stack: Stack): Stack {
  let top = stack;
  while (top.nestedStackParent) top = top.nestedStackParent;
  return top;
}

/** Where the business metrics of a stack's functions go (`lambdas/metrics.ts`), per stage (its nested stacks' too). */
export function metricsNamespace(stack: Stack): string {
  return `JoiasInox/${shopStackOf(stack).stackName}`;
}

/** Environment every API function gets, whatever it is bound to. */
export const BASE_ENVIRONMENT = {
  NODE_OPTIONS: '--enable-source-maps',
  POWERTOOLS_SERVICE_NAME: 'joias-api',
  LOG_LEVEL: 'INFO',
} as const;

/**
 * ESM bundles cannot `require()`, but CommonJS dependencies bundled into them still do (for Node
 * built-ins); this banner gives the module a real `require`.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __joiasCreateRequire } from 'node:module'; const require = __joiasCreateRequire(import.meta.url);";

/**
 * The credential providers of the SDK's default chain after its first link. Lambda puts the function
 * role's credentials in the environment (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
 * `AWS_SESSION_TOKEN`: "the access keys obtained from the function's execution role", Lambda's
 * reserved runtime variables), so the chain's first link (`fromEnv`) always answers there; the chain
 * loads these others only with a dynamic `import()` when that link fails. Left out of the bundle they
 * cost nothing: about 90 KB (the SSO/STS clients they carry) less in every function. The bundle test
 * (`test/lambdas/bundles.test.ts`) proves no bundle imports them statically and that a bundle answers
 * with credentials from the environment.
 */
export const UNREACHED_IN_LAMBDA = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
] as const;

/**
 * SDK modules that DynamoDB's and SES's clients load only for an operation with an event stream, with
 * a dynamic `import()` (`HttpProtocol.loadEventStreamCapability` of `@smithy/core`): about 20 KB of a
 * function. Their operations have none, so a function without S3 leaves them out, like
 * {@link UNREACHED_IN_LAMBDA}. S3's client imports them statically (for SelectObjectContent): a
 * function with a bucket keeps them, unless it reaches every bucket through links it signs itself
 * (`signed` grants: no S3 client; the bundle test loads every bundle in a fresh process).
 */
export const EVENT_STREAMS = ['@smithy/core/event-streams'] as const;

/**
 * Modules a bundle takes from the repository instead of `node_modules` (esbuild `alias`), each a
 * part the SDK makes but never uses here. Paths relative to the repository's root, where esbuild
 * runs (the stack's local bundling and `infra/cloud/bundles.ts` alike).
 */
export const BUNDLE_ALIASES = {
  '@aws-sdk/endpoint-cache': './infra/cloud/constructs/endpoint-cache-stub.ts',
  '@aws-sdk/middleware-endpoint-discovery': './infra/cloud/constructs/endpoint-discovery-stub.ts',
  '@aws-sdk/credential-provider-node': './infra/cloud/constructs/credentials-from-env.ts',
} as const;

/**
 * How every function's bundle is made, in one place: the stack's `NodejsFunction` bundling and the
 * bundle test and bench (which run esbuild themselves with these options) cannot drift apart.
 */
export const BUNDLE_OPTIONS = {
  format: 'esm',
  target: BUNDLE_TARGET,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  // The shop's Portuguese texts as UTF-8 ("ã" in 2 bytes, not "\xE3" in 4; Node reads a module as
  // UTF-8), and no `/*! ... */` or `@preserve` comments gathered at the end (a bundle is run, not handed
  // on; in a DynamoDB function they are the Powertools' notes to its test coverage tool): about 0,5 KB
  // of a function that answers in Portuguese (docs/testing.md#ci).
  charset: 'utf8',
  legalComments: 'none',
} as const;

/**
 * What a function's bundle leaves out: the unreached providers, the event-stream modules if its
 * grants (when known) name no bucket but through signed links, and its own native modules.
 */
export function bundleExternals(nativeModules: readonly string[] = [], grants?: readonly Grant[]): string[] {
  const eventStreams = grants && !grants.some((grant) => 'bucket' in grant && !grant.signed) ? EVENT_STREAMS : [];
  return [...UNREACHED_IN_LAMBDA, ...eventStreams, ...nativeModules];
}

/** The environment every function of a stack starts with, before its grants add their own. */
export function baseEnvironment(stack: Stack): Record<string, string> {
  return { ...BASE_ENVIRONMENT, POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stack) };
}

export interface ShopFunctionProps {
  /** Absolute path of the handler module (exporting `handler`). */
  readonly entry: string;
  readonly description?: string;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** @default one month */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Packages left out of the bundle, and the hooks that put them into the function's `node_modules`
   * instead (a native module such as sharp, whose arm64 build esbuild cannot bundle).
   */
  readonly nodeModules?: { readonly externalModules: readonly string[]; readonly commandHooks: ICommandHooks };
  /** The function renders pages: the built pre-renderer is copied into its bundle (`PAGES_ENV`). */
  readonly renderer?: boolean;
  /**
   * The grants the function is bound to, for what its bundle needs (`bundleExternals`: without a
   * bucket it leaves out the event-stream modules). @default unknown: the bundle keeps them
   */
  readonly grants?: readonly Grant[];
  /** Constants written into the bundle (esbuild `define`): a route function's rows (`lambdas/http/route-rows.ts`). */
  readonly define?: Readonly<Record<string, string>>;
}

/** Where a rendering function finds the pre-renderer: copied next to its handler (`/var/task`). */
export const RENDERER_IN_BUNDLE = 'renderer';

/** The built pre-renderer of each stack whose shop build is not `web/dist-ssr` (`useRendererDir`). */
const rendererDirs = new WeakMap<Stack, string>();

/** The rendering functions of `stack` take the built pre-renderer from `dir` instead of {@link RENDERER_DIST}. */
export function useRendererDir(stack: Stack, dir: string): void {
  rendererDirs.set(stack, dir);
}

/** The built pre-renderer the rendering functions of `stack` bundle. */
export function rendererDirOf(stack: Stack): string {
  return rendererDirs.get(shopStackOf(stack)) ?? RENDERER_DIST;
}

/** The hooks that copy the built pre-renderer into a function's bundle (run only when the stack is bundled). */
function rendererHooks(rendererDir: string): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => [`cp -R "${rendererDir}" "${path.join(outputDir, RENDERER_IN_BUNDLE)}"`],
  };
}

export class ShopFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ShopFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
    });

    // An own role instead of the default one with the AWSLambdaBasicExecutionRole managed policy,
    // which may write to every log group of the account.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      environment: baseEnvironment(Stack.of(this)),
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      projectRoot: REPO_ROOT,
      bundling: {
        format: OutputFormat.ESM,
        target: BUNDLE_OPTIONS.target,
        mainFields: [...BUNDLE_OPTIONS.mainFields],
        banner: BUNDLE_OPTIONS.banner,
        minify: BUNDLE_OPTIONS.minify,
        sourceMap: true,
        sourcesContent: false,
        bundleAwsSDK: true,
        tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
        externalModules: bundleExternals(props.nodeModules?.externalModules, props.grants),
        ...(props.define ? { define: { ...props.define } } : {}),
        // As arguments: this aws-cdk-lib takes a `charset` prop but never hands it to esbuild.
        esbuildArgs: {
          '--alias': Object.entries(BUNDLE_ALIASES).map(([from, to]) => `${from}=${to}`),
          '--charset': BUNDLE_OPTIONS.charset,
          '--legal-comments': BUNDLE_OPTIONS.legalComments,
        },
        ...(props.nodeModules ? { commandHooks: props.nodeModules.commandHooks } : {}),
        ...(props.renderer ? { commandHooks: rendererHooks(rendererDirOf(Stack.of(this))) } : {}),
      },
    });
    if (props.renderer) this.function.addEnvironment(PAGES_ENV.rendererDir, `/var/task/${RENDERER_IN_BUNDLE}`);
  }
}
