/**
 * `npm run cost [-- -c key=value ...] [--json] [--en] [--fresh]`: what the stage's stacks hold and cost
 * a month whatever the traffic, counted on the synthesized templates (docs/aws-account.md, "Costs at low
 * traffic", quotes it; `test/infra/cost-docs.test.ts` fails when they disagree). Give it the `-c` you
 * give `npm run deploy` (region, edgePlan, ...). Offline: no AWS call, no credentials.
 *
 * The parts, in `cost/`: `assembly.ts` (the lint-only synth, reused while fresh), `census.ts` (the
 * counts), `prices.ts` (the price table, with sources and dates), `bill.ts` (the prices times the counts),
 * `report.ts` (table and JSON).
 */
import { parseArgs } from 'node:util';
import { runAsScript, UsageError } from './create-admin.ts';
import { AssemblyError, synthContext, synthesizedApp } from './cost/assembly.ts';
import { billOf } from './cost/bill.ts';
import { censusOf } from './cost/census.ts';
import { renderCostJson, renderCostText, type CostLang } from './cost/report.ts';
import { OperatorError } from './create-admin.ts';

export const COST_USAGE = `Uso: npm run cost -- [-c chave=valor ...] [--json] [--en] [--fresh]

  -c <chave=valor>  o contexto que vai dar ao npm run deploy (ex.: -c region=eu-south-2 -c edgePlan=payg)
  --json            o censo, a conta e os preços em JSON
  --en              em inglês
  --fresh           sintetiza outra vez, mesmo com uma síntese recente`;

export interface CostOptions {
  readonly context: readonly string[];
  readonly json: boolean;
  readonly lang: CostLang;
  readonly fresh: boolean;
}

export function parseCostArgs(argv: readonly string[]): CostOptions | 'help' {
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        context: { type: 'string', short: 'c', multiple: true },
        json: { type: 'boolean', default: false },
        en: { type: 'boolean', default: false },
        fresh: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const context = values.context ?? [];
  for (const pair of context)
    if (pair.indexOf('=') <= 0) throw new UsageError(`-c espera chave=valor, por exemplo -c region=eu-west-1; recebeu "${pair}".`);
  if (context.some((pair) => pair.startsWith('lintOnly=') || pair.startsWith('firstDeploy=')))
    throw new UsageError('-c lintOnly e -c firstDeploy são do npm run cost e do npm run deploy: não os dês.');
  return { context, json: values.json, lang: values.en ? 'en' : 'pt', fresh: values.fresh };
}

/** Synthesizes (or reuses a fresh synth), counts, prices and prints. */
export async function runCost(options: CostOptions, log: (text: string) => void = console.log): Promise<void> {
  let app;
  try {
    app = await synthesizedApp({ context: options.context, fresh: options.fresh, log: (line) => console.error(line) });
  } catch (error) {
    if (error instanceof AssemblyError) throw new OperatorError(error.message, { cause: error });
    throw error;
  }
  const census = censusOf(app.stacks);
  const report = { context: synthContext(options.context), census, bill: billOf(census) };
  log(options.json ? renderCostJson(report) : renderCostText(report, options.lang));
}

await runAsScript(import.meta.url, { name: 'cost', usage: COST_USAGE, parse: parseCostArgs, run: (options) => runCost(options) });
