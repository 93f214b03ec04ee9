/**
 * Synthesizes the shop stack the way `infra/cloud/app.ts` does (cdk-nag AWS Solutions checks included) but
 * without bundling the functions, into a temporary directory, and hands the tests the template, the
 * CDK validation report and the stack object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, CfnElement, Validations, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { renderMailTemplates } from '#infra/common/mail/render.ts';
import { ShopStack, type ShopStackProps } from '#infra/cloud/stack.ts';
import { MailStack, type MailStackProps } from '#infra/cloud/mail-stack.ts';
import { buildShopApp, type ShopApp } from '#infra/cloud/shop-app.ts';
import { readDeploySettings } from '#infra/common/deploy-settings.ts';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';

export const TEST_SENDER = 'loja@joias.test';

/** The mail templates rendered from MJML, as `infra/cloud/app.ts` renders them before building the stack. */
export const MAIL_TEMPLATES = await renderMailTemplates();

/** Temporary directories made by the helpers below; `removeScratch` (an `afterAll`) deletes them. */
const scratch: string[] = [];

export function removeScratch(): void {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}
export const TEST_REGION = 'eu-west-1';

/** One violation or acknowledged violation of the CDK validation report. */
export interface ReportViolation {
  readonly ruleName: string;
  readonly description: string;
  readonly severity: string;
  readonly violatingConstructs: readonly { readonly constructPath: string }[];
  readonly reason?: string;
  readonly acknowledgedAt?: string;
}

export interface ValidationReport {
  readonly pluginReports: readonly {
    readonly pluginName: string;
    readonly conclusion: string;
    readonly violations: readonly ReportViolation[];
    readonly suppressedViolations?: readonly ReportViolation[];
  }[];
}

export interface Synthesized {
  readonly stack: ShopStack;
  readonly template: Template;
  readonly json: {
    Resources: Record<string, { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string }>;
    Outputs?: Record<string, any>;
  };
  readonly report: ValidationReport;
  /** Cloud assembly directory (templates, staged assets, validation report). */
  readonly assemblyDir: string;
  /** Logical id of a construct's CloudFormation resource (or of the resource itself). */
  logicalId(construct: IConstruct): string;
}

/** A throwaway built SPA: an index.html and one hashed asset. */
export function makeWebDist(): string {
  const dir = tempDir('joias-web-dist-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="pt"><title>Joias</title><div id="root"></div></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("shop")');
  return dir;
}

/**
 * Handler stubs for a synthetic route table (the real ones live in `lambdas/handlers`). NodejsFunction
 * wants entries inside the project, so they go under the git-ignored `.cache/`; remove the returned
 * directory when done.
 */
export function makeHandlers(handlers: readonly string[]): string {
  const parent = path.join(REPO_ROOT, '.cache');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'test-infra-handlers-'));
  for (const handler of handlers) {
    const file = path.join(dir, `${handler}.ts`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'export const handler = async () => ({ statusCode: 200 });\n');
  }
  return dir;
}

export type SynthOptions = Partial<Omit<ShopStackProps, 'env'>> & {
  readonly env?: ShopStackProps['env'];
  /**
   * Also run CDK's built-in CloudFormation template validation (as `cdk synth` does). It costs ~12 s on
   * first use, so only the cdk-nag test turns it on.
   */
  readonly cfnValidation?: boolean;
  /**
   * Synthesize as `cdk synth`/`deploy` do, bundling the functions (as `cdk ls` and `cdk bootstrap` do
   * not). Slow with a built shop: only for a stack that stops before any function is bundled.
   */
  readonly bundling?: boolean;
};

/** Budget for a `beforeAll` that synthesizes (the first synth in a worker loads most of aws-cdk-lib). */
export const SYNTH_TIMEOUT_MS = 60_000;

export function synthShop(options: SynthOptions = {}): Synthesized {
  const { cfnValidation = false, bundling = false, ...props } = options;
  const outdir = tempDir('joias-cdk-out-');
  const app = new App({
    outdir,
    context: { 'aws:cdk:bundling-stacks': bundling ? ['**'] : [], 'aws:cdk:enable-asset-metadata': true },
    builtinCloudFormationValidation: cfnValidation,
  });
  const stack = new ShopStack(app, 'JoiasInox-test', {
    env: { region: TEST_REGION },
    stage: 'test',
    adminPathPrefix: '/bastidores-7b99',
    mailTemplates: MAIL_TEMPLATES,
    senderEmail: TEST_SENDER,
    webDistDir: makeWebDist(),
    ...props,
  });
  const { json, report, assemblyDir } = synthWithNag(app, outdir, stack);
  return {
    stack,
    template: Template.fromJSON(json),
    json,
    report,
    assemblyDir,
    logicalId(construct) {
      const element = CfnElement.isCfnElement(construct) ? construct : construct.node.defaultChild;
      if (!element || !CfnElement.isCfnElement(element)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
      return element.stack.resolve(element.logicalId) as string;
    },
  };
}

/** The stage's mail stack synthesized alone (cdk-nag included), as `infra/cloud/app.ts` makes it when SES is in another region. */
export function synthMailStack(props: Partial<MailStackProps> & { readonly region: string }): {
  stack: MailStack;
  json: Synthesized['json'];
  report: ValidationReport;
} {
  const outdir = tempDir('joias-cdk-mail-out-');
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
  const { region, ...rest } = props;
  const stack = new MailStack(app, 'JoiasInox-test-Mail', {
    env: { region },
    stage: 'test',
    mailTemplates: MAIL_TEMPLATES,
    senderEmail: TEST_SENDER,
    shopRegion: 'eu-south-2',
    ...rest,
  });
  const { json, report } = synthWithNag(app, outdir, stack);
  return { stack, json, report };
}

/**
 * The whole app as `infra/cloud/app.ts` builds it from context (`-c key=value`), functions not bundled,
 * cdk-nag included: its stacks, every template of the assembly (nested ones too) and the report. With
 * `analyticsReporting`, each stack has the metadata resource `cdk synth` adds, as `npm run cost` counts it.
 */
export function synthApp(
  context: Record<string, string> = {},
  options: { readonly analyticsReporting?: boolean } = {},
): ShopApp & { templates: Record<string, TemplateJson>; report: ValidationReport; assemblyDir: string } {
  const outdir = tempDir('joias-cdk-app-');
  // `analyticsReporting`: the `AWS::CDK::Metadata` resource the CDK CLI adds to every stack (it counts against a stack's 500).
  const app = new App({
    outdir,
    context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-asset-metadata': true },
    ...(options.analyticsReporting ? { analyticsReporting: true } : {}),
  });
  const settings = readDeploySettings(
    (key) => ({ region: TEST_REGION, stage: 'test', senderEmail: TEST_SENDER, webDistDir: makeWebDist(), ...context })[key],
    {},
  );
  const stacks = buildShopApp(app, settings, MAIL_TEMPLATES, undefined);
  const { report, assemblyDir } = synthWithNag(app, outdir, stacks.shop);
  return { ...stacks, templates: stackTemplates(assemblyDir), report, assemblyDir };
}

/** Synthesizes `app` with cdk-nag's checks and reads `stack`'s template and the validation report. */
function synthWithNag(
  app: App,
  outdir: string,
  stack: Stack,
): { json: Synthesized['json']; report: ValidationReport; assemblyDir: string } {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let assemblyDir = outdir;
  try {
    assemblyDir = app.synth().directory;
  } catch (error) {
    // Failed validation throws after writing the report; the cdk-nag test reads and explains it.
    if (!fs.existsSync(path.join(outdir, 'validation-report.json'))) throw error;
  }
  const json = flattenNested(JSON.parse(fs.readFileSync(path.join(assemblyDir, `${stack.artifactId}.template.json`), 'utf8')), assemblyDir);
  const reportFile = path.join(assemblyDir, 'validation-report.json');
  const report: ValidationReport = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : { pluginReports: [] };
  return { json, report, assemblyDir };
}

type TemplateJson = { Resources: Record<string, any>; Outputs?: Record<string, { Value: unknown }>; Parameters?: Record<string, unknown> };

/** Every stack template of an assembly, nested ones included, by file name: what CloudFormation counts against a stack's limits. */
export function stackTemplates(assemblyDir: string): Record<string, TemplateJson> {
  const templates: Record<string, TemplateJson> = {};
  for (const file of fs.readdirSync(assemblyDir)) {
    if (file.endsWith('.template.json')) templates[file] = JSON.parse(fs.readFileSync(path.join(assemblyDir, file), 'utf8'));
  }
  return templates;
}

/** `node` with every `{ Ref: <key of values> }` replaced by its value (deep). */
function substitute(node: unknown, replace: (value: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => substitute(item, replace));
  if (node === null || typeof node !== 'object') return node;
  const replaced = replace(node as Record<string, unknown>);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, substitute(value, replace)]));
}

/**
 * One template with its nested stacks' resources inlined, as if the shop were one stack: a nested
 * template's parameters become the values its parent passes, and a parent's `Outputs.X` of a nested
 * stack the value the nested template outputs. The tests then read a row's function, grants and
 * references as before the split; the split itself is checked on the real templates (`stacks.test.ts`).
 */
export function flattenNested(template: TemplateJson, assemblyDir: string): Synthesized['json'] {
  const resources: Record<string, any> = {};
  const outputs = new Map<string, Record<string, unknown>>();
  for (const [id, resource] of Object.entries(template.Resources)) {
    resources[id] = resource;
    const file = resource.Type === 'AWS::CloudFormation::Stack' ? resource.Metadata?.['aws:asset:path'] : undefined;
    if (!file) continue;
    const parameters: Record<string, unknown> = resource.Properties?.Parameters ?? {};
    const child = JSON.parse(fs.readFileSync(path.join(assemblyDir, file), 'utf8')) as TemplateJson;
    const bound = substitute(child, (value) =>
      typeof value.Ref === 'string' && value.Ref in parameters ? parameters[value.Ref] : undefined,
    ) as TemplateJson;
    const flat = flattenNested(bound, assemblyDir);
    for (const [childId, childResource] of Object.entries(flat.Resources)) {
      if (childResource.Type === 'AWS::CDK::Metadata') continue; // each template's own, same id
      if (childId in resources || childId in template.Resources) throw new Error(`Logical id ${childId} of ${file} is also in its parent`);
      resources[childId] = childResource;
    }
    outputs.set(id, Object.fromEntries(Object.entries(flat.Outputs ?? {}).map(([name, output]) => [name, output.Value])));
  }
  const resolveOutputs = (node: unknown): unknown =>
    substitute(node, (value) => {
      const getAtt = value['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || !outputs.has(String(getAtt[0])) || !String(getAtt[1]).startsWith('Outputs.')) return undefined;
      return resolveOutputs(outputs.get(String(getAtt[0]))![String(getAtt[1]).slice('Outputs.'.length)]);
    });
  return {
    ...template,
    Resources: resolveOutputs(resources) as Record<string, any>,
    ...(template.Outputs ? { Outputs: resolveOutputs(template.Outputs) as Record<string, any> } : {}),
  };
}

/** Violations nobody acknowledged, as readable lines. */
export function openViolations(report: ValidationReport): string[] {
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.map(
      (violation) =>
        `${plugin.pluginName} ${violation.severity} ${violation.ruleName}: ${violation.description} @ ` +
        violation.violatingConstructs.map((c) => c.constructPath).join(', '),
    ),
  );
}

/** IAM statements of the inline policies attached to a role (by the role's logical id). */
export function statementsOfRole(
  json: Synthesized['json'],
  roleLogicalId: string,
): { Action: string | string[]; Resource: unknown; Effect: string }[] {
  return Object.values(json.Resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .filter((resource) =>
      (resource.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleLogicalId })),
    )
    .flatMap((resource) => resource.Properties.PolicyDocument.Statement);
}

/** A function of the synthesized shop (a row's `{ function }`): its environment variables as the template sets them. */
export function functionEnv(shop: Synthesized, fn: { function: object }): Record<string, unknown> {
  return shop.json.Resources[shop.logicalId(fn.function as never)]!.Properties.Environment.Variables as Record<string, unknown>;
}

/** The logical id of a function's role in the synthesized shop. */
export function functionRole(shop: Synthesized, fn: { function: object }): string {
  return shop.logicalId((fn.function as { role: never }).role);
}

/** Whether the role may do anything of Secrets Manager with the secret `secretLogicalId` (by its ARN). */
export function roleUsesSecret(shop: Synthesized, roleLogicalId: string, secretLogicalId: string): boolean {
  return statementsOfRole(shop.json, roleLogicalId).some(
    (s) =>
      actionsOf([s]).some((a) => a.startsWith('secretsmanager:')) &&
      JSON.stringify(s.Resource) === JSON.stringify({ Ref: secretLogicalId }),
  );
}

export function actionsOf(statements: readonly { Action: string | string[] }[]): string[] {
  return statements.flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]));
}

/**
 * A dependency cycle between the template's resources (Ref, Fn::GetAtt, Fn::Sub and DependsOn), or
 * undefined. CDK does not check this within one stack; CloudFormation would refuse the template.
 */
export function findDependencyCycle(json: Synthesized['json']): string[] | undefined {
  const resources = json.Resources as Record<string, { DependsOn?: string | string[]; Properties?: unknown }>;
  const edges = new Map<string, Set<string>>();
  const collect = (node: unknown, into: Set<string>): void => {
    if (Array.isArray(node)) return node.forEach((item) => collect(item, into));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Ref' && typeof value === 'string') into.add(value);
      else if (key === 'Fn::GetAtt' && Array.isArray(value)) into.add(String(value[0]));
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(value) ? value[0] : value;
        for (const match of String(text).matchAll(/\$\{([A-Za-z0-9]+)(\.[^}]*)?\}/g)) into.add(match[1]!);
        if (Array.isArray(value)) collect(value[1], into);
      } else collect(value, into);
    }
  };
  for (const [id, resource] of Object.entries(resources)) {
    const targets = new Set<string>();
    collect(resource.Properties, targets);
    for (const dependency of [resource.DependsOn ?? []].flat()) targets.add(dependency);
    edges.set(id, new Set([...targets].filter((target) => target in resources)));
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}
