/**
 * `npm run recount`: rebuilds the dashboard's counters (`counters` table) from the orders, contact
 * messages and back-in-stock requests, and migrates the data of older shops (order search terms,
 * products' sizes: `lambdas/services/variant-migration.ts`). The shop keeps the counters itself, in the same transactions
 * as every change; this is for a shop whose data began before the counters (run it once after
 * deploying them), or to check them (`--dry-run` prints what the data says and what is stored).
 * It reads those tables whole, so it runs offline, from an operator's machine, never in a function.
 *
 * Which tables: the `TABLE_*` environment variables the functions get (`TABLE_ORDERS`,
 * `TABLE_CONTACT_MESSAGES`, `TABLE_STOCK_ALERTS`, `TABLE_COUNTERS`), else the tables of the stack
 * `JoiasInox-<stage>` found by name (`JoiasInox-<stage>-DataOrdersTable…`). Stage and region: as
 * `npm run create-admin` (`--stage`, `--region`, `cdk.json`, `AWS_REGION`). The local twin runs the
 * recount by itself when its counters table is new or empty.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { tables, type TableKey } from '#lambdas/contracts/data-model.ts';
import { allCounters } from '#lambdas/repositories/counters.ts';
import { countersFrom, readCountedData, recount } from '#lambdas/services/counters.ts';
import { indexOrdersIfEmpty } from '#lambdas/repositories/order-search.ts';
import { productsWithoutVariants } from '#lambdas/repositories/legacy-products.ts';
import { migrateProductVariants } from '#lambdas/services/variant-migration.ts';
import { productsWithoutSlug } from '#lambdas/repositories/product-slugs.ts';
import { migrateProductSlugs } from '#lambdas/services/product-slugs.ts';
import { readDeploySettings } from '../common/deploy-settings.ts';
import { stackName as stackNameOf } from '../common/naming.ts';
import { cdkJsonContext, explainAwsError, OperatorError, PLACE_OPTIONS, runAsScript, UsageError } from './create-admin.ts';

/** The tables the recount reads and writes. */
export const RECOUNT_TABLES = [
  'orders',
  'contactMessages',
  'stockAlerts',
  'counters',
  'orderSearch',
  'products',
] as const satisfies readonly TableKey[];

export const USAGE = `Usage: npm run recount -- [options]

Rebuilds the dashboard's counters from the orders, contact messages and back-in-stock requests,
gives orders placed before the back-office search their search terms when its table is empty, and
gives products stored before sizes their one size holding their stock and SKU (run once after
deploying either to a shop with data: until then such a product cannot be ordered), and products
stored before readable addresses their slug (their old address answers 301). Reads those tables whole.

Options:
  --stage <name>     stage of the deployed stack JoiasInox-<stage> (default: context "stage" of cdk.json, else prod)
  --region <region>  AWS region (default: context "region" of cdk.json, else AWS_REGION, else eu-west-1)
  --dry-run          print what the data says and what is stored; write nothing
  -h, --help         this text

Table names come from TABLE_ORDERS, TABLE_CONTACT_MESSAGES, TABLE_STOCK_ALERTS, TABLE_COUNTERS and
TABLE_ORDER_SEARCH and TABLE_PRODUCTS when set, else from the stack's table names.`;

export interface RecountOptions {
  readonly stackName: string;
  readonly region: string;
  readonly dryRun: boolean;
}

export function parseRecountArgs(
  argv: readonly string[],
  context = cdkJsonContext(),
  env: NodeJS.ProcessEnv = process.env,
): RecountOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        ...PLACE_OPTIONS,
        'dry-run': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const settings = readDeploySettings((key) => (key === 'stage' && values.stage !== undefined ? values.stage : context(key)), {
    CDK_DEFAULT_REGION: env.AWS_REGION ?? env.AWS_DEFAULT_REGION,
  });
  return { stackName: stackNameOf(settings.stage), region: values.region ?? settings.region, dryRun: values['dry-run'] };
}

/**
 * The physical table of each key among `names` (ListTables): CloudFormation names a table
 * `<stack>-Data<Key>Table<hash>-<suffix>`. Throws when one is missing or ambiguous.
 */
export function stackTableNames(stackName: string, names: readonly string[]): Record<(typeof RECOUNT_TABLES)[number], string> {
  const found = {} as Record<(typeof RECOUNT_TABLES)[number], string>;
  for (const key of RECOUNT_TABLES) {
    const prefix = `${stackName}-Data${key[0]!.toUpperCase()}${key.slice(1)}Table`;
    const matches = names.filter((name) => name.startsWith(prefix));
    if (matches.length !== 1) {
      throw new OperatorError(
        `${matches.length === 0 ? 'No' : 'More than one'} table of stack ${stackName} for "${key}" (${prefix}…): ` +
          `set ${tables[key].envVar} to its name (the DynamoDB console, or the environment of the shop's functions).`,
      );
    }
    found[key] = matches[0]!;
  }
  return found;
}

async function listTableNames(region: string): Promise<string[]> {
  const client = new DynamoDBClient({ region });
  try {
    const names: string[] = [];
    let start: string | undefined;
    do {
      const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
      names.push(...(page.TableNames ?? []));
      start = page.LastEvaluatedTableName;
    } while (start);
    return names;
  } finally {
    client.destroy();
  }
}

/** Points the functions' code at the tables (their environment variables), then recounts. */
export async function runRecount(options: RecountOptions, log: (line: string) => void = console.log): Promise<Record<string, number>> {
  process.env.AWS_REGION ??= options.region;
  const missing = RECOUNT_TABLES.filter((key) => !process.env[tables[key].envVar]);
  if (missing.length > 0) {
    let names: string[];
    try {
      names = await listTableNames(options.region);
    } catch (error) {
      throw new OperatorError(explainAwsError(error, { region: options.region, stackName: options.stackName }), { cause: error });
    }
    const found = stackTableNames(options.stackName, names);
    for (const key of missing) process.env[tables[key].envVar] = found[key];
  }
  if (options.dryRun) {
    const [expected, stored, withoutSizes] = await Promise.all([
      readCountedData().then(countersFrom),
      allCounters(),
      productsWithoutVariants(),
    ]);
    for (const name of [...new Set([...Object.keys(expected), ...Object.keys(stored)])].sort()) {
      log(`${name}: ${expected[name] ?? 0} in the data, ${stored[name] ?? 'none'} stored`);
    }
    log(`${withoutSizes.length} products without sizes, ${(await productsWithoutSlug()).length} without a readable address.`);
    return expected;
  }
  const sized = await migrateProductVariants();
  log(sized > 0 ? `Gave ${sized} products their one size in ${process.env[tables.products.envVar]}.` : 'Every product has its sizes.');
  const slugged = await migrateProductSlugs();
  log(slugged > 0 ? `Gave ${slugged} products their readable address (slug).` : 'Every product has its readable address.');
  const written = await recount();
  for (const [name, value] of Object.entries(written).sort(([a], [b]) => a.localeCompare(b))) log(`${name} = ${value}`);
  log(`Recounted ${Object.keys(written).length} counters in ${process.env[tables.counters.envVar]}.`);
  const indexed = await indexOrdersIfEmpty();
  log(
    indexed > 0
      ? `Indexed ${indexed} orders for the back-office search in ${process.env[tables.orderSearch.envVar]}.`
      : 'The order search already has its terms.',
  );
  return written;
}

await runAsScript(import.meta.url, { name: 'recount', usage: USAGE, parse: parseRecountArgs, run: runRecount });
