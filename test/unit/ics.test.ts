/**
 * The iCalendar files the service writes through ical-generator, read back by an independent
 * parser (ical.js): the master's feed and the booking page's single event are valid RFC 5545,
 * their text survives escaping and folding, and their times mean the wall-clock readings given.
 */
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { feedEventUid, renderFeed, type FeedFrame } from '../../src/modules/calendar-feed/render.js';
import { offsetMinutes, vtimezone } from '../../src/modules/calendar-feed/vtimezone.js';
import { buildIcs } from '../../web/src/booking/ics.js';

const owner = { masterId: 1, masterName: 'Айгуль', businessId: 1, businessName: 'Салон, «Ромашка»; центр' };
const frame = (timeZone = 'Asia/Almaty'): FeedFrame => ({
  secret: 'test-feed-secret',
  timeZone,
  now: new Date('2026-11-23T05:00:00Z'),
  from: new Date('2026-10-01T00:00:00Z'),
  to: new Date('2027-03-01T00:00:00Z'),
});
const booking = (over: Partial<Parameters<typeof renderFeed>[1][number]> = {}) => ({
  id: '0b6e2f3c-1111-4222-8333-444455556666',
  status: 'pending',
  startAt: '2026-10-24T10:00:00',
  endAt: '2026-10-24T11:00:00',
  serviceName: 'Стрижка',
  clientFirstName: 'Алия',
  ...over,
});

// ical.js keeps an unknown X- property raw; X-WR-CALNAME is TEXT the way Apple and Google write it.
ICAL.design.defaultSet.property['x-wr-calname'] = { defaultType: 'text' };

/** Parses with ical.js (it throws on a malformed file) and registers the file's own time zones. */
function parse(text: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}
const eventsOf = (calendar: ICAL.Component) => calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

/** Every line ends with CRLF, none is longer than 75 octets, and the file ends with a line break. */
function expectWellFormedLines(text: string): void {
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
}

describe('the master calendar feed, read back by ical.js', () => {
  it('holds the events with their UID, status, text and Almaty times', () => {
    const text = renderFeed(
      owner,
      [booking(), booking({ id: 'second', status: 'completed', serviceName: 'Маникюр; гель, снятие', clientFirstName: 'Анна' })],
      frame(),
    );
    expectWellFormedLines(text);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Айгуль — Салон, «Ромашка»; центр');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Almaty');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const [first, second] = eventsOf(calendar);
    expect(first!.uid).toBe(feedEventUid('test-feed-secret', '0b6e2f3c-1111-4222-8333-444455556666'));
    expect(first!.uid).not.toContain('0b6e2f3c');
    expect(first!.summary).toBe('Стрижка — Алия');
    expect(first!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(first!.startDate.zone?.tzid).toBe('Asia/Almaty');
    expect(first!.startDate.toString()).toBe('2026-10-24T10:00:00');
    expect(first!.startDate.toJSDate().toISOString()).toBe('2026-10-24T05:00:00.000Z');
    expect(first!.endDate.toJSDate().toISOString()).toBe('2026-10-24T06:00:00.000Z');
    expect(second!.summary).toBe('Маникюр; гель, снятие — Анна');
    expect(second!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(String(first!.component.getFirstPropertyValue('dtstamp'))).toBe('2026-11-23T05:00:00Z');
  });

  it('writes the wall-clock reading whatever the server process zone is', () => {
    const text = renderFeed(owner, [booking()], frame());
    expect(text).toContain('DTSTART;TZID=Asia/Almaty:20261024T100000\r\n');
    expect(text).toContain('DTSTAMP:20261123T050000Z\r\n');
    // The test process zone (TZ) is not Almaty on CI; the text above holds for any.
    expect(renderFeed(owner, [booking()], frame('Europe/Berlin'))).toContain('DTSTART;TZID=Europe/Berlin:20261024T100000\r\n');
  });

  it('property: any names (commas, semicolons, backslashes, line breaks, emoji) read back as written', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 60 }), (service, client) => {
        const clean = (text: string) => text.replace(/\r\n?/g, '\n');
        const text = renderFeed(
          { ...owner, businessName: clean(client) },
          [booking({ serviceName: clean(service), clientFirstName: clean(client) })],
          frame(),
        );
        expectWellFormedLines(text);
        const calendar = parse(text);
        expect(eventsOf(calendar)[0]!.summary).toBe(`${clean(service)} — ${clean(client)}`);
        expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`Айгуль — ${clean(client)}`);
      }),
      { numRuns: 200 },
    );
  });

  it('an empty feed is still a valid calendar (no event refers to a zone, so no VTIMEZONE)', () => {
    const text = renderFeed(owner, [], frame());
    expectWellFormedLines(text);
    const calendar = parse(text);
    expect(eventsOf(calendar)).toEqual([]);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Almaty');
  });
});

describe('VTIMEZONE (the generator ical-generator calls)', () => {
  const lines = (zone: string, from: string, to: string) => vtimezone(zone, new Date(from), new Date(to)).split('\r\n');

  it('Asia/Almaty since 2024 is one +0500 observance', () => {
    expect(lines('Asia/Almaty', '2026-10-01T00:00:00Z', '2027-03-01T00:00:00Z')).toEqual([
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
    expect(lines('Asia/Almaty', '2024-02-01T00:00:00Z', '2024-04-01T00:00:00Z').join('\n')).toContain(
      'DTSTART:20240301T000000\nTZOFFSETFROM:+0600\nTZOFFSETTO:+0500',
    );
  });

  it('a zone with summer time gets each change in range, to the minute, and ical.js reads times through it', () => {
    const block = lines('Europe/Berlin', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z').join('\n');
    expect(block).toContain('BEGIN:DAYLIGHT\nDTSTART:20260329T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200');
    expect(block).toContain('BEGIN:STANDARD\nDTSTART:20261025T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100');
    expect(offsetMinutes(Date.parse('2026-07-01T00:00:00Z'), 'America/St_Johns')).toBe(-150);
    const berlin: FeedFrame = { ...frame('Europe/Berlin'), from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
    const [summer, winter] = eventsOf(
      parse(
        renderFeed(
          owner,
          [
            booking({ id: 's', startAt: '2026-07-01T10:00:00', endAt: '2026-07-01T11:00:00' }),
            booking({ id: 'w', startAt: '2026-12-01T10:00:00', endAt: '2026-12-01T11:00:00' }),
          ],
          berlin,
        ),
      ),
    );
    expect(summer!.startDate.toJSDate().toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(winter!.startDate.toJSDate().toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });
});

describe("the booking page's .ics file, read back by ical.js", () => {
  it('one event in UTC with the summary, place and notes as given', () => {
    const summary = 'Стрижка; окрашивание, укладка — Салон «Ажар» на Абая с очень длинным названием';
    const text = buildIcs(
      {
        uid: 'b1@example',
        start: '2026-11-24T15:00:00',
        end: '2026-11-24T16:00:00',
        timeZone: 'Asia/Almaty',
        summary,
        location: 'Алматы, ул. Абая 10',
        description: 'Мастер: Айгуль\nТел.: +7 701 000 00 00',
      },
      new Date('2026-11-23T05:00:00Z'),
    );
    expectWellFormedLines(text);
    const [event] = eventsOf(parse(text));
    expect(event!.uid).toBe('b1@example');
    expect(event!.summary).toBe(summary);
    expect(event!.location).toBe('Алматы, ул. Абая 10');
    expect(event!.description).toBe('Мастер: Айгуль\nТел.: +7 701 000 00 00');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });
});
