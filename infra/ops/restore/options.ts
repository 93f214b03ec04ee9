/** What one command of `npm run restore` asks for, once its command line is read (`arguments.ts`). */
import type { TableKey } from '#lambdas/contracts/data-model.ts';

/** Which items of the copy to copy back: `--keys`, `--all-missing` or `--all`. */
export type Selection =
  { readonly kind: 'keys'; readonly keys: readonly string[] } | { readonly kind: 'all-missing' } | { readonly kind: 'all' };

/** The installed shop the command works on. */
export interface Place {
  readonly stage: string;
  readonly stackName: string;
  readonly region: string;
}

export type RestoreOptions = Place &
  (
    | {
        readonly mode: 'restore';
        readonly table: TableKey;
        readonly to: Date;
        readonly selection?: Selection;
        readonly apply: boolean;
        readonly overwrite: boolean;
      }
    | {
        readonly mode: 'from-restored';
        readonly table: TableKey;
        readonly restoredTable: string;
        readonly selection?: Selection;
        readonly apply: boolean;
        readonly overwrite: boolean;
      }
    | { readonly mode: 'delete-restored'; readonly restoredTable: string; readonly apply: boolean }
  );

/** A command line to run next, for the same stack and region. */
export function again(place: Place, args: string): string {
  return `npm run restore -- ${args} --stage ${place.stage} --region ${place.region}`;
}

/** The flags that chose `selection`, to repeat them. */
export function selectionArgs(selection: Selection): string {
  if (selection.kind === 'keys') return `--keys ${selection.keys.join(',')}`;
  return selection.kind === 'all' ? '--all' : '--all-missing';
}
