/**
 * test/helpers/sequencer.ts: on a fresh clone (no timings cached) the files that start server
 * processes start first within their project, and the projects still run one after another.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { SlowFilesFirst } from '../helpers/sequencer.js';

const root = join(import.meta.dirname, '../..');

describe('the order test files start in', () => {
  it('puts test/api/operations first within each API project, keeping projects together', async () => {
    const vitest = await createVitest('test', { watch: false, project: ['api-pglite', 'unit'], config: join(root, 'vitest.config.ts') });
    try {
      // As on a fresh clone: no timings or sizes cached (with a cache, Vitest's own order puts them first too).
      const freshClone = { config: vitest.config, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } };
      const sorted = await new SlowFilesFirst(freshClone as unknown as typeof vitest).sort(await vitest.globTestSpecifications());
      const entries = sorted.map((spec) => ({ project: spec.project.name, file: relative(root, spec.moduleId) }));
      const projects = entries.map((entry) => entry.project).filter((name, index, all) => name !== all[index - 1]);
      expect(new Set(projects).size).toBe(projects.length);
      const api = entries.filter((entry) => entry.project === 'api-pglite');
      const slow = api.filter((entry) => entry.file.startsWith('test/api/operations/'));
      expect(slow.length).toBeGreaterThan(0);
      expect(api.slice(0, slow.length)).toEqual(slow);
    } finally {
      await vitest.close();
    }
  }, 120_000);
});
