/**
 * The docs point at files that exist: every path written in backticks in README.md and docs/
 * (`src/…`, `web/src/…`, or a module's `bookings/create.ts`) names a file or folder of the
 * repository, and every `CONTRACT.md §N` they cite is a section of docs/spec/CONTRACT.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function* markdownFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* markdownFiles(path);
    else if (entry.name.endsWith('.md')) yield path;
  }
}

const docs = (): string[] => [join(root, 'README.md'), ...[...markdownFiles(join(root, 'docs'))].filter((f) => !f.includes('/docs/spec/'))];

/** A backticked token that reads as a path: a slash and a file ending, no spaces, no placeholders or globs. */
function pathsIn(text: string): string[] {
  const found: string[] = [];
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = token!.replace(/[:#].*$/, '').replace(/\/$/, '');
    if (!path.includes('/') || /[*<>{}$]|^https?:|^\/|^\.\.\/shared|^node_modules|^~/.test(path)) continue;
    if (
      !/\.(ts|tsx|mjs|js|md|sql|json|css|yaml|yml|sh)$/.test(path) &&
      !/^(src|web|test|docs|scripts|bench|drizzle|deploy|\.ci)\//.test(path)
    )
      continue;
    found.push(path);
  }
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

/** File paths (`dir/name.ts`, `docs/x.md`) in the comment lines of a source file. */
function commentPathsIn(source: string): string[] {
  const found: string[] = [];
  for (const line of source.split('\n')) {
    const comment = /(?:\/\/|\/\*|^\s*\*)(.*)$/.exec(line)?.[1];
    if (comment) for (const [, path] of comment.matchAll(/(?<![\w@./-])((?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|md))\b/g)) found.push(path!);
  }
  return found;
}

/** Where a path may be written from: the repository, the doc's own folder, or the folders a doc names a file inside of. */
const bases = ['', 'src', 'src/modules', 'src/modules/bot', 'web/src', 'web/src/admin', 'test', 'test/api', 'test/web', 'docs'].map((dir) =>
  join(root, dir),
);

/** What the build writes (.gitignore): named by the docs, absent from a fresh clone. */
const BUILT = ['web/dist', 'dist'];

const exists = (path: string, doc: string): boolean =>
  BUILT.includes(path) || [dirname(doc), ...bases].some((base) => existsSync(join(base, path)));

describe('docs point at what exists', () => {
  it('every backticked path in README.md and docs/ exists', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const doc of docs()) {
      for (const path of pathsIn(readFileSync(doc, 'utf8'))) {
        seen += 1;
        if (!exists(path, doc)) missing.push(`${relative(root, doc)}: ${path}`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('every CONTRACT.md §N cited in README.md and docs/ is a section of docs/spec/CONTRACT.md', () => {
    const headings = new Set([...readFileSync(join(root, 'docs/spec/CONTRACT.md'), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]));
    const missing: string[] = [];
    for (const doc of docs()) {
      for (const [, section] of readFileSync(doc, 'utf8').matchAll(/CONTRACT\.md\s*§\s?(\d+)/g))
        if (!headings.has(section!)) missing.push(`${relative(root, doc)}: §${section}`);
    }
    expect(missing).toEqual([]);
  });

  it('every file path named in a comment of src/ and web/src/ exists', () => {
    const missing: string[] = [];
    for (const dir of ['src', 'web/src']) {
      for (const file of sourceFiles(join(root, dir))) {
        for (const path of commentPathsIn(readFileSync(file, 'utf8')))
          if (!exists(path, file)) missing.push(`${relative(root, file)}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('reads paths the way the docs write them', () => {
    expect(pathsIn('see `src/core/clock.ts`, `auth/guards.ts:12`, `npm test`, `web/src/`, `*.timed.test.ts`, `/api/v1`')).toEqual([
      'src/core/clock.ts',
      'auth/guards.ts',
      'web/src',
    ]);
    expect(commentPathsIn("const a = 'x/y.ts'; // see bookings/create.ts\n * and docs/testing.md, not @core/x.ts")).toEqual([
      'bookings/create.ts',
      'docs/testing.md',
    ]);
  });
});
