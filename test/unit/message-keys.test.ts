/**
 * Every text of the pages' dictionaries is shown somewhere: a key that no page
 * names any more is a dead text that translators would keep paying for.
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
  const start = /\bru\b[^=:{]*[=:]\s*\{/.exec(source);
  if (!start) return [];
  const keys: string[] = [];
  let depth = 1;
  let quote: string | null = null;
  let word = '';
  for (let i = start.index + start[0].length; i < source.length && depth > 0; i += 1) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) {
      const end = source[i + 1] === '/' ? source.indexOf('\n', i) : source.indexOf('*/', i) + 1;
      i = end < 0 ? source.length : end;
      word = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{' || c === '(' || c === '[') depth += 1;
    else if (c === '}' || c === ')' || c === ']') depth -= 1;
    else if (c === ':' && depth === 1 && word) keys.push(word);
    if (/\w/.test(c)) word += c;
    else if (!/\s/.test(c)) word = '';
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
