import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsText, localStamp, offsetMinutes, vtimezone } from '../../src/core/ics.js';

const unescape = (text: string): string => text.replace(/\\(n|N|\\|;|,)/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const unfold = (text: string): string => text.replace(/\r\n /g, '');

describe('ICS text (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and every kind of line break', () => {
    expect(escapeText('a,b;c\\d\ne\r\nf\rg')).toBe('a\\,b\\;c\\\\d\\ne\\nf\\ng');
  });

  it('property: escaped text has no raw separators or line breaks and reads back', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const escaped = escapeText(text.replace(/\r\n?/g, '\n'));
        expect(escaped).not.toMatch(/[\r\n]/);
        expect(escaped.replace(/\\[\\;,n]/g, '')).not.toMatch(/[;,]/);
        expect(unescape(escaped)).toBe(text.replace(/\r\n?/g, '\n'));
      }),
    );
  });

  it('property: folded lines are at most 75 octets, never split a character, and unfold to the line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const line = `SUMMARY:${escapeText(text)}`;
        const folded = foldLine(line);
        for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
        expect(unfold(folded)).toBe(line);
      }),
    );
  });

  it('folds Cyrillic by octets: 40 letters of 2 octets make two lines', () => {
    const folded = foldLine(`SUMMARY:${'ж'.repeat(40)}`);
    expect(folded.split('\r\n')).toHaveLength(2);
    expect(icsText(['A', 'B'])).toBe('A\r\nB\r\n');
  });

  it('writes naive wall-clock readings unchanged as local times', () => {
    expect(localStamp('2026-03-29T02:30:00')).toBe('20260329T023000');
  });
});

describe('VTIMEZONE', () => {
  it('Asia/Almaty since 2024 is one +0500 observance', () => {
    const block = vtimezone('Asia/Almaty', new Date('2026-10-01T00:00:00Z'), new Date('2027-03-01T00:00:00Z'));
    expect(block).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Almaty',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0500',
      'TZOFFSETTO:+0500',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('Almaty moving from +06 to +05 on 2024-03-01 is a change at local midnight', () => {
    const block = vtimezone('Asia/Almaty', new Date('2024-02-01T00:00:00Z'), new Date('2024-04-01T00:00:00Z'));
    expect(block.join('\n')).toContain('DTSTART:20240301T000000\nTZOFFSETFROM:+0600\nTZOFFSETTO:+0500');
  });

  it('a zone with summer time gets each change in range, to the minute', () => {
    const block = vtimezone('Europe/Berlin', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')).join('\n');
    expect(block).toContain('BEGIN:DAYLIGHT\nDTSTART:20260329T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200');
    expect(block).toContain('BEGIN:STANDARD\nDTSTART:20261025T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100');
    expect(offsetMinutes(Date.parse('2026-07-01T00:00:00Z'), 'America/St_Johns')).toBe(-150);
  });
});
