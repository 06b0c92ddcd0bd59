import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { copyRowAsJson, copyRowsOut, escapeCopyText, unescapeCopyText } from '../../src/db/backup/copy.js';
import { BackupError, journalUpTo, latestLevel, loadOrder, parseHeader } from '../../src/db/backup/format.js';

describe('backup format', () => {
  it('orders tables so that each follows every table it references', () => {
    expect(
      loadOrder(
        ['bookings', 'businesses', 'clients', 'subscriptions'],
        [
          { from: 'bookings', to: 'clients' },
          { from: 'bookings', to: 'businesses' },
          { from: 'clients', to: 'businesses' },
          { from: 'subscriptions', to: 'bookings' },
          { from: 'bookings', to: 'bookings' },
        ],
      ),
    ).toEqual(['businesses', 'clients', 'bookings', 'subscriptions']);
  });

  it('any acyclic set of references: every table once, after what it references', () => {
    const tables = ['a', 'b', 'c', 'd', 'e', 'f'];
    const edges = fc.array(
      fc
        .tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }))
        .map(([x, y]) => ({ from: tables[Math.max(x, y)]!, to: tables[Math.min(x, y)]! })),
    );
    fc.assert(
      fc.property(fc.shuffledSubarray(tables, { minLength: 1 }), edges, (subset, references) => {
        const order = loadOrder(subset, references);
        expect([...order].sort()).toEqual([...subset].sort());
        for (const { from, to } of references) {
          if (from !== to && subset.includes(from) && subset.includes(to)) expect(order.indexOf(to)).toBeLessThan(order.indexOf(from));
        }
      }),
    );
  });

  it('refuses a cycle of foreign keys rather than loading rows in an order that fails', () => {
    expect(() =>
      loadOrder(
        ['a', 'b'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow(BackupError);
  });

  it('cuts the migrations journal at the backup schema', () => {
    const journal = {
      version: '7',
      entries: [
        { when: 1, tag: 'a' },
        { when: 5, tag: 'b' },
        { when: 9, tag: 'c' },
      ],
    };
    expect(journalUpTo(journal, 5).entries.map((entry) => entry.tag)).toEqual(['a', 'b']);
    expect(latestLevel(journal)).toBe(9);
    expect(latestLevel({ entries: [] })).toBe(0);
  });

  it('knows its own header and nothing else', () => {
    expect(parseHeader('{"format":"booking-kz-backup","version":1,"schema":3,"engine":"pglite","created_at":"x"}').schema).toBe(3);
    expect(parseHeader('{"format":"booking-kz-backup","version":2,"schema":4,"engine":"postgres","created_at":"x"}').schema).toBe(4);
    for (const line of [
      undefined,
      '',
      'not json',
      '{"format":"other","version":1,"schema":1}',
      '{"format":"booking-kz-backup","version":3,"schema":1}',
    ]) {
      expect(() => parseHeader(line)).toThrow(/not a booking-kz backup/);
    }
  });

  it("COPY's text format: a value escaped and read back is the value; PostgreSQL's escapes read as it writes them", () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => unescapeCopyText(escapeCopyText(text)) === text));
    expect(escapeCopyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(unescapeCopyText('\\x41\\101\\b\\f\\v\\q\\\\')).toBe('AA\b\f\vq\\');
  });

  it('COPY TO STDOUT in chunks cut anywhere, even inside a letter: passed on as sent, rows counted; a cut row refused', async () => {
    const wire = Buffer.from('1\tСалон \\ ₸\n2\tтаб\\tи "кавычки"\\nстрока\n3\t\\N\n');
    for (const cut of [1, 2, 3, 7, 13, wire.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < wire.length; at += cut) chunks.push(wire.subarray(at, at + cut));
      const out: Buffer[] = [];
      const count = await copyRowsOut(Readable.from(chunks), async (data) => {
        out.push(data);
      });
      expect(count).toBe(3);
      expect(Buffer.concat(out)).toEqual(wire);
    }
    await expect(copyRowsOut(Readable.from([wire.subarray(0, -1)]), async () => undefined)).rejects.toThrow(/inside a row/);
  });

  it("a COPY section's row reaches PGlite as the JSON row_to_json writes: text values, NULLs, json parsed", () => {
    const line = ['7', 'Путь C:\\\\salon\\t"лучший"\\nстрока', '\\N', '{a,"b c"}', '{"k": [1, "\\\\\\\\"]}', ''].join('\t');
    expect(JSON.parse(copyRowAsJson(line, ['id', 'name', 'note', 'tags', 'meta', 'empty'], new Set(['meta'])))).toEqual({
      id: '7',
      name: 'Путь C:\\salon\t"лучший"\nстрока',
      note: null,
      tags: '{a,"b c"}',
      meta: { k: [1, '\\'] },
      empty: '',
    });
    expect(() => copyRowAsJson('1\t2', ['id'], new Set())).toThrow(/damaged/);
    expect(() => copyRowAsJson('{', ['meta'], new Set(['meta']))).toThrow(/damaged/);
  });
});
