/**
 * The order test files start in. Vitest's own order (longest first from its cache, else largest file
 * first, one project after another) knows nothing on a fresh clone, where the few files that start
 * real server processes (test/api/operations: backup, start-up, shutdown; minutes each on a busy
 * 2-core machine) are small and came last: one worker ran them alone at the end while the other
 * idled. They start first within their project; the rest keep Vitest's order (projects one after
 * another, so a worker keeps its project's imports from file to file).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that spawn server processes and run for minutes: started before everything else of their group. */
export const SLOW_FIRST = [/^test\/api\/operations\//];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const slow = (spec: TestSpecification) =>
      SLOW_FIRST.some((pattern) => pattern.test(relative(root, spec.moduleId).split('\\').join('/')));
    const rank = new Map(sorted.map((spec, index) => [spec, index]));
    const projectRank = new Map<string, number>();
    sorted.forEach((spec, index) => projectRank.set(spec.project.name, projectRank.get(spec.project.name) ?? index));
    return [...sorted].sort(
      (a, b) =>
        projectRank.get(a.project.name)! - projectRank.get(b.project.name)! ||
        Number(slow(b)) - Number(slow(a)) ||
        rank.get(a)! - rank.get(b)!,
    );
  }
}
