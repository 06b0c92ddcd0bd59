/**
 * docs/spec/ holds the spec the code cites: the copies equal the shared originals
 * (`npm run spec:sync` refreshes them), and every `§N` in a comment of src/ or web/src/
 * names a section `## N.` of docs/spec/CONTRACT.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_FILES, specCopyDir, specSourceDir } from '../../scripts/sync-spec.js';

const root = join(import.meta.dirname, '../..');
const source = specSourceDir();
const sourceIsHere = existsSync(source);
if (!sourceIsHere) console.warn(`\n!!! ${source} is absent: the spec copies in docs/spec/ are NOT compared with it (test skipped)\n`);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

/** Section numbers cited as `§N` (also `§3-§5`); an RFC's `§3.1` is not ours. */
const citedSections = (text: string): number[] => [...text.matchAll(/§\s?(\d+)(?![.\d])/g)].map((match) => Number(match[1]));

describe('docs/spec', () => {
  it.skipIf(!sourceIsHere)('SPEC.md and CONTRACT.md equal ../shared/spec (run `npm run spec:sync`)', () => {
    for (const name of SPEC_FILES) {
      const copy = join(specCopyDir, name);
      expect(existsSync(copy), `docs/spec/${name} is missing`).toBe(true);
      expect(readFileSync(copy, 'utf8'), `docs/spec/${name} differs from ${source}/${name}`).toBe(readFileSync(join(source, name), 'utf8'));
    }
  });

  it('every § cited in src/ and web/src/ is a section of docs/spec/CONTRACT.md', () => {
    const headings = new Set(
      [...readFileSync(join(specCopyDir, 'CONTRACT.md'), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1])),
    );
    const missing: string[] = [];
    let cited = 0;
    for (const dir of ['src', 'web/src']) {
      for (const file of sourceFiles(join(root, dir))) {
        for (const section of citedSections(readFileSync(file, 'utf8'))) {
          cited += 1;
          if (!headings.has(section)) missing.push(`${file.slice(root.length + 1)}: §${section}`);
        }
      }
    }
    expect(cited).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('reads § citations the way the comments write them', () => {
    expect(citedSections('CONTRACT.md §3-§5, §11; RFC 5545 §3.3.11 and §3.1')).toEqual([3, 5, 11]);
  });
});
