/**
 * Step 2, the copy (with `--apply`): writes what the plan copies into the live table, each write
 * conditioned so it never overwrites something it did not compare.
 */
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tables, type TableDef } from '#lambdas/contracts/data-model.ts';
import { isConditionRefused } from '#lambdas/repositories/conditions.ts';
import { itemForOverwrite, type Item } from './items.ts';
import { isCopied, type CopyPlan, type PlannedItem } from './planning.ts';

/** Attributes whose live value guards an overwrite: the item must not have changed since the comparison. */
const GUARDED = ['version', 'stock', 'variantStock', 'updatedAt'] as const;

export interface CopyResult {
  /** Items that were missing and are now in the live table. */
  readonly copied: readonly PlannedItem[];
  /** Live items replaced by the copy's version. */
  readonly replaced: readonly PlannedItem[];
  /** Items left alone because the live table changed after the comparison. */
  readonly changedMeanwhile: readonly PlannedItem[];
}

/**
 * The PutItem of one planned item: a missing item only if it is still missing; a different one (the
 * copy, with {@link itemForOverwrite}) only if its guarded attributes are still as compared.
 */
function conditionalPut(plan: CopyPlan, def: TableDef, planned: PlannedItem, restored: Item): PutItemCommand {
  const names: Record<string, string> = { '#pk': def.partitionKey.name };
  const values: Item = {};
  let condition = 'attribute_not_exists(#pk)';
  let item = restored;
  if (planned.state === 'different' && planned.live) {
    item = itemForOverwrite(plan.table, restored, planned.live);
    const guards = ['attribute_exists(#pk)'];
    GUARDED.forEach((name, i) => {
      names[`#g${i}`] = name;
      if (planned.live![name] === undefined) guards.push(`attribute_not_exists(#g${i})`);
      else {
        values[`:g${i}`] = planned.live![name]!;
        guards.push(`#g${i} = :g${i}`);
      }
    });
    condition = guards.join(' AND ');
  }
  return new PutItemCommand({
    TableName: plan.liveTable,
    Item: item,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  });
}

/** Writes what the plan copies, each write conditioned so it never overwrites something it did not compare. */
export async function applyCopy(client: DynamoDBClient, plan: CopyPlan): Promise<CopyResult> {
  const def = tables[plan.table];
  const copied: PlannedItem[] = [];
  const replaced: PlannedItem[] = [];
  const changedMeanwhile: PlannedItem[] = [];
  for (const planned of plan.items) {
    if (!isCopied(plan, planned) || !planned.restored) continue;
    try {
      await client.send(conditionalPut(plan, def, planned, planned.restored));
      (planned.state === 'missing' ? copied : replaced).push(planned);
    } catch (error) {
      if (!isConditionRefused(error)) throw error;
      changedMeanwhile.push(planned);
    }
  }
  return { copied, replaced, changedMeanwhile };
}
