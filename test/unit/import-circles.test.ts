/**
 * No two files import each other, even for a type: ESLint's import-x/no-cycle leaves type-only
 * imports out, so a circle of types (calendar-column ⇄ calendar-grid once) would pass lint.
 * This walks every relative import of src/ and web/src/ and finds none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The relative imports and re-exports of a file, value or type. */
const importedSpecifiers = (source: string): string[] =>
  [...source.matchAll(/(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]/g)].map((match) => match[1]!);

/** Every circle of a graph, each as the path that closes it. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

function importGraph(): Map<string, string[]> {
  const files = new Set([...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'web/src'))]);
  const target = (from: string, specifier: string) => {
    const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedSpecifiers(readFileSync(file, 'utf8')).map((specifier) => target(file, specifier));
    graph.set(
      relative(root, file),
      targets.filter((path): path is string => path !== undefined).map((path) => relative(root, path)),
    );
  }
  return graph;
}

describe('import circles', () => {
  it('no file of src/ or web/src/ reaches itself through its imports, type imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('finds a circle of types and reads both import forms', () => {
    expect(importedSpecifiers("import type { A } from './a';\nexport { b } from '../b.js';\nimport x from 'preact';")).toEqual([
      './a',
      '../b.js',
    ]);
    expect(
      circles(
        new Map([
          ['grid', ['column']],
          ['column', ['grid']],
          ['leaf', []],
        ]),
      ),
    ).toEqual([['grid', 'column', 'grid']]);
  });
});
