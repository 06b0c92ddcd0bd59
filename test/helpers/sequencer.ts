import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest start first in their group: the ones that start the server or the
 * backup command as processes (15-65 s each) and the longest browser files (15-35 s), taken in turns
 * so that the browser files do not wait behind all six process files (in a fresh-clone run they
 * did: the browser files started 60 s into their group). Vitest orders a fresh clone's files by size,
 * so one of them could start last and run alone while the other workers idle. After a run, Vitest's
 * own cache (longest first) orders the rest.
 */
const longest = [
  'test/api/operations/backup.test.ts',
  'test/web/admin.test.ts',
  'test/web/first-week.test.ts',
  'test/api/operations/startup.test.ts',
  // 15-20 s each in a whole run; by size alone a11y and admin-screens started last and made the tail.
  'test/web/admin-defects.test.ts',
  'test/web/a11y.test.ts',
  'test/web/admin-trust.test.ts',
  'test/web/admin-screens.test.ts',
  'test/api/operations/shutdown.test.ts',
  'test/web/admin-setup.test.ts',
  'test/web/reach.test.ts',
  'test/web/miniapp.test.ts',
  'test/web/booking-hands.test.ts',
  'test/web/admin-phone.test.ts',
];

function rank(spec: TestSpecification): number {
  const index = longest.findIndex((path) => spec.moduleId.endsWith(path));
  return index === -1 ? longest.length : index;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, Vitest's order (group, project, cache) stays.
    return sorted.sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b));
  }
}
