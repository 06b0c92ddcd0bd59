/** The pure parts of GET /events: the trigger's payload, the event-stream writer and the panel's reader. */
import { type PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingEvents, parseBookingNotice } from '../../src/modules/bookings/events.js';
import { EventStream, sseEvent } from '../../src/http/sse.js';
import { parseSse, reconnectDelay } from '../../web/src/shared/sse.js';

const ID = '3f387386-f42c-4393-9129-b919d6b45d58';

describe('parseBookingNotice', () => {
  it("reads the trigger's payload, visit_id null for a single booking (CONTRACT.md §20)", () => {
    expect(parseBookingNotice(JSON.stringify({ business_id: 7, id: ID, status: 'pending', change: 'created' }))).toEqual({
      businessId: 7,
      change: { id: ID, status: 'pending', change: 'created', visit_id: null },
    });
    expect(parseBookingNotice(JSON.stringify({ business_id: 7, id: ID, status: 'pending', change: 'created', visit_id: ID }))).toEqual({
      businessId: 7,
      change: { id: ID, status: 'pending', change: 'created', visit_id: ID },
    });
    expect(
      parseBookingNotice(JSON.stringify({ business_id: 7, id: ID, status: 'pending', change: 'created', visit_id: 'x' }))?.change.visit_id,
    ).toBeNull();
  });

  it.each([
    '',
    '7',
    'null',
    '{not json',
    JSON.stringify({ business_id: '7', id: ID, status: 'pending', change: 'created' }),
    JSON.stringify({ business_id: 7, id: 'x', status: 'pending', change: 'created' }),
    JSON.stringify({ business_id: 7, id: ID, status: 'lost', change: 'created' }),
    JSON.stringify({ business_id: 7, id: ID, status: 'pending', change: 'moved' }),
  ])('ignores anything else on the channel: %j', (payload) => {
    expect(parseBookingNotice(payload)).toBeUndefined();
  });
});

describe('parseSse', () => {
  it('reads events, skips comments and keeps an unfinished event for the next chunk', () => {
    const text = `: connected\n\n${sseEvent('booking', { id: 1 })}: keep-alive\n\nevent: booking\ndata: {"id"`;
    expect(parseSse(text)).toEqual({ messages: [{ event: 'booking', data: '{"id":1}' }], rest: 'event: booking\ndata: {"id"' });
    expect(parseSse('data: a\r\ndata: b\r\n\r\n').messages).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('gives the same events however the stream is cut into chunks', () => {
    const events = [
      { event: 'booking', data: { id: ID, status: 'pending', change: 'created' } },
      { event: 'booking', data: { id: ID, status: 'cancelled', change: 'deleted' } },
    ];
    const wire = `: connected\n\n${events.map((e) => sseEvent(e.event, e.data)).join(': keep-alive\n\n')}`;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: wire.length }), { maxLength: 8 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        let buffer = '';
        const seen: unknown[] = [];
        let from = 0;
        for (const to of [...points, wire.length]) {
          const parsed = parseSse(buffer + wire.slice(from, to));
          buffer = parsed.rest;
          seen.push(...parsed.messages.map((m) => ({ event: m.event, data: JSON.parse(m.data) })));
          from = to;
        }
        expect(seen).toEqual(events);
      }),
    );
  });
});

describe('EventStream', () => {
  afterEach(() => vi.useRealTimers());

  const collect = (body: PassThrough) => {
    let text = '';
    body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return () => text;
  };

  it('opens with a comment, writes events and a comment every heartbeat', async () => {
    vi.useFakeTimers();
    const stream = new EventStream({ heartbeatMs: 1000 });
    const text = collect(stream.body);
    stream.send('booking', { id: ID });
    await vi.advanceTimersByTimeAsync(2500);
    expect(text()).toBe(`: connected\n\nevent: booking\ndata: {"id":"${ID}"}\n\n: keep-alive\n\n: keep-alive\n\n`);
    stream.end();
    stream.send('booking', { id: ID });
    expect(stream.body.writableEnded).toBe(true);
  });

  it('ends within a recheck (every second, not at the 20 s heartbeat) once the caller is no longer allowed; a failing check keeps it', async () => {
    vi.useFakeTimers();
    let allowed: boolean | Error = new Error('database briefly away');
    const stream = new EventStream({
      stillAllowed: async () => {
        if (allowed instanceof Error) throw allowed;
        return allowed;
      },
    });
    collect(stream.body);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stream.body.writableEnded).toBe(false);
    allowed = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(stream.body.writableEnded).toBe(true);
  });
});

describe('reconnectDelay (the panel following GET /events)', () => {
  it('waits 1 s, then doubles up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('takes off at most 20 % so that tabs do not come back in step', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, random) => {
        const full = reconnectDelay(attempt, () => 0);
        const delay = reconnectDelay(attempt, () => random);
        expect(delay).toBeLessThanOrEqual(full);
        expect(delay).toBeGreaterThanOrEqual(full * 0.8 - 1);
      }),
    );
  });
});

describe('BookingEvents: a bound per instance', () => {
  // A database whose LISTEN is live at once.
  const database = {
    listen: async (_channel: string, handlers: { onLive(live: boolean): void }) => {
      handlers.onLive(true);
      return async () => undefined;
    },
  };
  const sink = () => ({ send: () => undefined, end: () => undefined });

  it('past the instance bound a new business’s stream is refused (503), until a stream ends', async () => {
    const events = new BookingEvents(database, { warn: () => undefined } as never, 2);
    const first = await events.subscribe(1, sink());
    await events.subscribe(2, sink());
    await expect(events.subscribe(3, sink())).rejects.toMatchObject({ code: 'unavailable' });
    first!();
    expect(await events.subscribe(3, sink())).toBeTypeOf('function');
  });

  it('streams ended all at once (the LISTEN connection lost) free their places once, also when their readers unsubscribe later', async () => {
    const events = new BookingEvents(database, { warn: () => undefined } as never, 2);
    const unsubscribes = [await events.subscribe(1, sink()), await events.subscribe(2, sink())];
    events.endAll();
    for (const unsubscribe of unsubscribes) unsubscribe!();
    await events.subscribe(3, sink());
    await events.subscribe(4, sink());
    await expect(events.subscribe(5, sink())).rejects.toMatchObject({ code: 'unavailable' });
  });
});
