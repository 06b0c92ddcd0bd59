/**
 * Copies SPEC.md and CONTRACT.md from the shared spec folder (../shared/spec, next to the
 * repository; SPEC_SOURCE overrides it) into docs/spec/, so every `§N` the code cites resolves
 * inside the repository. Without the shared folder it says so and changes nothing.
 * test/unit/spec-copy.test.ts fails while a copy differs from its source.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SPEC_FILES = ['SPEC.md', 'CONTRACT.md'] as const;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const specCopyDir = join(root, 'docs', 'spec');
export const specSourceDir = (): string => resolve(root, process.env.SPEC_SOURCE ?? '../shared/spec');

/** Copies each file that differs; answers what it did, one line per file. */
export function syncSpec(source = specSourceDir()): string[] {
  if (!existsSync(source)) return [`${source} does not exist; docs/spec/ left as it is`];
  return SPEC_FILES.map((name) => {
    const text = readFileSync(join(source, name));
    const copy = join(specCopyDir, name);
    if (existsSync(copy) && readFileSync(copy).equals(text)) return `docs/spec/${name} already current`;
    writeFileSync(copy, text);
    chmodSync(copy, 0o644); // the shared folder's files are read-only; the copy must stay writable for the next sync
    return `docs/spec/${name} copied from ${source}`;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of syncSpec()) console.log(`spec:sync: ${line}`);
}
