/**
 * One rule, one place (issue #50): the 15-minute grid of start times (core/start-times.ts START_STEP),
 * "any master" (core/any-master.ts: who may take it, who does) and "not before now"
 * (core/booking-window.ts notBeforeNow) are each defined once; the server, the bot and the pages import
 * them or ask the server. A second definition that can be recognised in the source fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Rule {
  name: string;
  /** The file where the rule lives: the only one allowed to spell it out. */
  home: string;
  /** What a copy of the rule looks like in the source (a line may match more than one). */
  copies: RegExp[];
  /** Old copies samples the detector must recognise: proof it still sees what it is meant to. */
  samples: string[];
}

const RULES: Rule[] = [
  {
    name: 'the 15-minute step',
    home: 'src/core/start-times.ts',
    copies: [/\b\w*(?:step|STEP|Step|SNAP)\w*\s*(?:=|:|\?\?)\s*15\b/, /\/\s*15\)\s*\*\s*15\b/],
    samples: ['export const BOT_STEP_MINUTES = 15;', '  step = 15,', 'const step = options.step ?? 15;', '{ step: 15, notBefore }'],
  },
  {
    name: '"any master"',
    home: 'src/core/any-master.ts',
    copies: [
      // "the masters linked to the service, else all": X.length > 0 ? X : (all masters)
      /(\w+)\.length(?:\s*>\s*0|\s*!==\s*0)?\s*\?\s*\1\s*:\s*(?:\[\.\.\.)?\w*(?:master|active|all)\w*/i,
      // who takes it: the lowest price first (CONTRACT.md §19)
      /\bprice\s*-\s*\w+\.price\s*\|\|/,
    ],
    samples: ['  return linked.length > 0 ? linked : [...masters];', 'const rank = (a, b) => a.price - b.price || a.id - b.id;'],
  },
  {
    name: '"not before now"',
    home: 'src/core/booking-window.ts',
    copies: [/\bnotBefore\s*(?::|=(?!=))\s*(?!\s*(?:notBefore\b|options\.notBefore\b|undefined\b|number\b))(?![^,;}\n]*notBefore\w+\()/],
    samples: [
      'const notBefore = date === today ? toMinutes(timePart(now)) + 1 : 0;',
      'return { notBefore: date === now.date ? now.minutes : 0, bufferAfter };',
      'const options = { notBefore: minuteOfDay(now, date), bufferAfter };',
    ],
  },
];

const files = [...sources(join(root, 'src')), ...sources(join(root, 'web/src'))]
  .map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') }))
  .filter((file) => file.name !== 'web/src/shared/api-types.ts');

/** The files outside the rule's home with a line that copies it. */
function copiesOf(rule: Rule): string[] {
  const found = new Set<string>();
  for (const file of files) {
    if (file.name === rule.home) continue;
    for (const line of file.text.split('\n')) {
      if (line.trimStart().startsWith('*') || line.trimStart().startsWith('//')) continue;
      if (rule.copies.some((copy) => copy.test(line))) found.add(file.name);
    }
  }
  return [...found].sort();
}

describe('one rule, one place', () => {
  it('reads the sources', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  for (const rule of RULES) {
    it(`${rule.name} is defined only in ${rule.home}`, () => {
      expect(copiesOf(rule)).toEqual([]);
      expect(files.some((file) => file.name === rule.home)).toBe(true);
    });

    it(`the detector of ${rule.name} recognises the old copies`, () => {
      for (const sample of rule.samples)
        expect(
          rule.copies.some((copy) => copy.test(sample)),
          sample,
        ).toBe(true);
    });
  }

  it('the rules’ uses pass: a value passed on, the shared function', () => {
    const notBefore = RULES[2]!;
    for (const line of [
      '  const notBefore = notBeforeNow(now.at, date);',
      "notBefore: entrance === 'public' ? notBeforeNow(now, date) : undefined,",
      '            notBefore: options.notBefore,',
    ])
      expect(
        notBefore.copies.some((copy) => copy.test(line)),
        line,
      ).toBe(false);
  });
});
