/**
 * Every text of the pages' dictionaries is shown somewhere: a key that no page
 * names any more is a dead text that translators would keep paying for (#33).
 * Keys read through a template (`status_${status}`) count by their prefix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('api-types.ts') ? [path] : [];
  });
}

/** The keys of the Russian dictionary in a file that defines messages (the other languages have the same keys, by type). */
function russianKeys(source: string): string[] {
  const start = /\bru\b[^=:{]*[=:]\s*\{\n/.exec(source);
  if (!start) return [];
  const body = source.slice(start.index + start[0].length);
  const indent = /^(\s+)\w+\s*:/.exec(body)?.[1] ?? '  ';
  const keys: string[] = [];
  for (const line of body.split('\n')) {
    if (new RegExp(`^${indent.slice(2)}\\}`).test(line)) break;
    const key = new RegExp(`^${indent}(\\w+)\\s*:`).exec(line)?.[1];
    if (key) keys.push(key);
  }
  return keys;
}

describe('page dictionaries', () => {
  const files = sourceFiles(WEB).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const everything = files.map((file) => file.text).join('\n');
  const templatePrefixes = [...everything.matchAll(/`(\w+_)\$\{/g)].map((match) => match[1]!);
  const dictionaries = files.filter((file) => /defineMessages[<(]/.test(file.text) && !file.path.endsWith('i18n.ts'));

  it('finds the dictionaries and their keys', () => {
    expect(dictionaries.length).toBeGreaterThanOrEqual(8);
    for (const file of dictionaries) expect(russianKeys(file.text).length, file.path).toBeGreaterThan(0);
  });

  it('every key is named by some page (quoted, or read through a template prefix)', () => {
    const dead = dictionaries.flatMap((file) =>
      russianKeys(file.text)
        .filter((key) => !new RegExp(`['"\`]${key}['"\`]`).test(everything))
        .filter((key) => !templatePrefixes.some((prefix) => key.startsWith(prefix)))
        .map((key) => `${file.path.slice(WEB.length + 1)}: ${key}`),
    );
    expect(dead).toEqual([]);
  });

  it('the reader sees a removed key as dead (the check itself works)', () => {
    const source = "const ru = {\n  used: 'a',\n  gone: 'b',\n};\n";
    expect(russianKeys(source)).toEqual(['used', 'gone']);
    expect(russianKeys("defineMessages({\n  ru: {\n    one: 'x',\n    two: 'y',\n  },\n  kk: {\n    one: 'z',\n  },\n});")).toEqual([
      'one',
      'two',
    ]);
  });
});
