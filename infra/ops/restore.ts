/**
 * `npm run restore -- --table orders --to 2026-11-20T09:00:00Z`: brings back items of a table as they
 * were at a moment of the last 35 days, with DynamoDB's point-in-time recovery (every table of the stack
 * has it on, `infra/cloud/data.ts`). For the shop's owner, or whoever helps them: everything it prints is in
 * Portuguese and says what happens next.
 *
 * 1. **Restore** (`--table`, `--to`): `RestoreTableToPointInTime` into a NEW table,
 *    `restore-<yyyymmddThhmmssZ>-<live table>` (the live table is never touched), on-demand and
 *    encrypted like the stack's tables (the AWS managed key, `TableEncryptionV2.awsManagedKey()`), and
 *    waits for it. The time must lie in the table's PITR window (`DescribeContinuousBackups`). The name
 *    starts with `restore-`, not with the stack's name, so the stack's own tables are still found by
 *    their prefix (`npm run recount`) while a restored copy exists.
 * 2. **Compare and copy** (`--keys`, `--all-missing`, `--all`): lists what the copy holds that the live
 *    table lacks or holds differently; writes only with `--apply`. A write never replaces an item of the
 *    live table unless `--overwrite` is given, and then only if the item did not change since it was
 *    compared (its `version`, `stock` and `updatedAt`). A product put back keeps its current stock (stock
 *    only moves by movements: sales, reservations, adjustments); a numeric `version` continues from the
 *    live one, so a form opened before answers "changed meanwhile". `--from-restored <table>` repeats
 *    this step on a copy restored before, without a new restore.
 * 3. **Clean up**: the copy costs money while it exists; `--delete-restored <table> --apply` deletes it
 *    (only tables whose name this script gave).
 *
 * Which live table: the `TABLE_*` environment variable the functions get, else the stack's table found
 * by name among ListTables (as `npm run recount`). Stage, region and credentials as `npm run create-admin`.
 * DynamoDB Local (the twin) has no PITR calls (UnknownOperationException), so only the copy step runs
 * against it (in the tests).
 *
 * The parts, in `restore/`: `arguments.ts` (the command line), `options.ts` (what a command asks),
 * `tables.ts` (which tables, their names), `point-in-time.ts` (step 1), `planning.ts` and `items.ts`
 * (step 2's comparison), `applying.ts` (step 2's writes), `reporting.ts` (what is said),
 * `aws-errors.ts` (AWS errors in Portuguese) and `command.ts` (the three steps together).
 */
import { runAsScript } from './create-admin.ts';
import { parseRestoreArgs, RESTORE_USAGE } from './restore/arguments.ts';
import { runRestore } from './restore/command.ts';

await runAsScript(import.meta.url, { name: 'restore', usage: RESTORE_USAGE, parse: parseRestoreArgs, run: runRestore });
