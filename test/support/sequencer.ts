/**
 * The order test files start in, with two workers (docs/testing.md#ci): the slowest first, so that the
 * run does not end with one long file alone on one core while the other has nothing left. Vitest's own
 * order puts the files of one project after another's by name (the robustness file, 76 s, after every
 * integration file) and, on a clean clone without its results cache, the larger files first. Here the
 * files named in `first` (of any project of the group) start first, in that order; the rest keep
 * vitest's order.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A sequencer that starts `first` (paths from the repository's root) before the other files of their group. */
export function slowestFirst(first: readonly string[]): typeof BaseSequencer {
  return class SlowestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const at = first.indexOf(relative(spec.project.config.root, spec.moduleId));
        return at === -1 ? first.length : at;
      };
      const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
      // Stable: the files outside `first` keep vitest's order.
      return [...sorted].sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
    }
  };
}
