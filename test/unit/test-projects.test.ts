/**
 * `npm test` and `npm run test:timed` (package.json's project filters over vitest.config.ts) together
 * run every test file: each API file on each database, a timed one only in test:timed, a browser
 * file that opens no page in the unit project. Nothing is dropped by moving files between them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

const root = join(import.meta.dirname, '../..');
const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** The `--project` filters of an npm script (`vitest run --project 'x' --project 'y'`). */
const projectFilters = (script: string): string[] => [...script.matchAll(/--project '([^']+)'/g)].map((match) => match[1]!);

/** "project file" for every test file the filters select, as Vitest itself globs them. */
async function selected(filters: string[]): Promise<string[]> {
  const vitest = await createVitest('test', { watch: false, project: filters, config: join(root, 'vitest.config.ts') });
  try {
    const specifications = await vitest.globTestSpecifications();
    return specifications.map((spec) => `${spec.project.name} ${relative(root, spec.moduleId)}`).sort();
  } finally {
    await vitest.close();
  }
}

/** Every test file under test/<folder>, in subfolders too (test/api is grouped by module). */
const testFiles = (folder: string): string[] =>
  readdirSync(join(root, 'test', folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `test/${folder}/${name.split('\\').join('/')}`);

describe('npm test and npm run test:timed', () => {
  it('run every test file: each API file once on each database, a timed one only in test:timed', async () => {
    const fast = await selected(projectFilters(scripts.test!));
    const timed = await selected(projectFilters(scripts['test:timed']!));
    const projectsOf = (entries: string[], file: string) =>
      entries.filter((entry) => entry.endsWith(` ${file}`)).map((entry) => entry.split(' ')[0]!);

    // PGlite always; PostgreSQL too when its server answers here. `api-<database>-processes` is the same
    // database's run of the files that start server processes (beside the browser files).
    const database = (project: string) => project.replace(/-(timed|processes)$/, '');
    const databases = [...new Set(fast.map((entry) => database(entry.split(' ')[0]!)).filter((name) => name.startsWith('api-')))].sort();
    expect(databases[0]).toBe('api-pglite');
    expect(timed.length).toBeGreaterThan(0);
    expect(timed.every((entry) => entry.includes('-timed test/api/'))).toBe(true);
    expect(fast.some((entry) => entry.includes('-timed '))).toBe(false);
    for (const file of testFiles('api')) {
      const inTimed = projectsOf(timed, file);
      const runs = (inTimed.length > 0 ? inTimed : projectsOf(fast, file)).map(database);
      expect(inTimed.length > 0 ? projectsOf(fast, file) : [], file).toEqual([]);
      expect(runs.sort(), file).toEqual(databases);
    }
    for (const file of [...testFiles('unit'), ...testFiles('web')]) expect(projectsOf([...fast, ...timed], file), file).toHaveLength(1);
    expect(projectsOf(fast, 'test/web/error-text.test.ts')).toEqual(['unit']);
    expect(projectsOf(fast, 'test/api/operations/backup.test.ts').sort()).toEqual(databases.map((name) => `${name}-processes`));
  }, 120_000);
});
