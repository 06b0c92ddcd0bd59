import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerKey, BusinessCache, readThrough } from '../../src/db/business-cache.js';
import type { SlotsAnswer } from '../../src/core/availability.js';

const answer = (workStart: string): SlotsAnswer => ({ work_start: workStart, work_end: '18:00', busy_intervals: [] });
const KEY = answerKey('2026-11-24', undefined);

function liveCache(max?: number): BusinessCache<SlotsAnswer> {
  const cache = new BusinessCache<SlotsAnswer>({ maxAnswers: max });
  cache.setLive(true);
  return cache;
}

describe('BusinessCache', () => {
  it('keys a day with and without a master apart', () => {
    expect(answerKey('2026-11-24', 7)).not.toBe(answerKey('2026-11-24', undefined));
    expect(answerKey('2026-11-24', 7)).not.toBe(answerKey('2026-11-25', 7));
  });

  it('keeps nothing until it is live, and forgets everything when it goes down', () => {
    const cache = new BusinessCache<SlotsAnswer>();
    cache.store('salon', 1, KEY, answer('09:00'), cache.generation);
    expect(cache.get('salon', KEY)).toBeUndefined();
    cache.setLive(true);
    cache.store('salon', 1, KEY, answer('09:00'), cache.generation);
    expect(cache.get('salon', KEY)).toEqual(answer('09:00'));
    cache.setLive(false);
    expect(cache.get('salon', KEY)).toBeUndefined();
    cache.setLive(true);
    expect(cache.get('salon', KEY)).toBeUndefined();
  });

  it('does not keep an answer read while its business was forgotten, or everything was', () => {
    const cache = liveCache();
    let before = cache.generation;
    cache.forgetBusiness(1);
    cache.store('salon', 1, KEY, answer('09:00'), before);
    expect(cache.get('salon', KEY)).toBeUndefined();
    before = cache.generation;
    cache.forgetAll();
    cache.store('salon', 1, KEY, answer('09:00'), before);
    expect(cache.size).toBe(0);
  });

  it("keeps an answer read while another business's rows changed", () => {
    const cache = liveCache();
    const before = cache.generation;
    cache.forgetBusiness(2);
    cache.store('salon', 1, KEY, answer('09:00'), before);
    expect(cache.get('salon', KEY)).toEqual(answer('09:00'));
  });

  it('forgets one business and keeps the others', () => {
    const cache = liveCache();
    cache.store('salon', 1, KEY, answer('09:00'), cache.generation);
    cache.store('barber', 2, KEY, answer('10:00'), cache.generation);
    cache.forgetBusiness(1);
    expect(cache.get('salon', KEY)).toBeUndefined();
    expect(cache.get('barber', KEY)).toEqual(answer('10:00'));
    expect(cache.size).toBe(1);
  });

  it("drops a business's old slug when it answers under a new one, and a slug taken over by another business", () => {
    const cache = liveCache();
    cache.store('old', 1, KEY, answer('09:00'), cache.generation);
    cache.store('new', 1, KEY, answer('09:00'), cache.generation);
    expect(cache.get('old', KEY)).toBeUndefined();
    cache.store('new', 2, KEY, answer('11:00'), cache.generation);
    cache.forgetBusiness(1);
    expect(cache.get('new', KEY)).toEqual(answer('11:00'));
    expect(cache.size).toBe(1);
  });

  it("drops a business's answers once the first of them is older than the age limit, even with no notice", () => {
    let now = 0;
    const cache = new BusinessCache<SlotsAnswer>({ maxAgeMs: 60_000, now: () => now });
    cache.setLive(true);
    cache.store('salon', 1, KEY, answer('09:00'), cache.generation);
    cache.store('other', 2, KEY, answer('10:00'), cache.generation);
    now = 30_000;
    const later = answerKey('2026-11-25', undefined);
    cache.store('salon', 1, later, answer('11:00'), cache.generation);
    now = 60_000;
    expect(cache.get('salon', KEY)).toEqual(answer('09:00'));
    now = 60_001;
    expect(cache.get('salon', later)).toBeUndefined();
    expect(cache.get('salon', KEY)).toBeUndefined();
    expect(cache.size).toBe(1);
    // Kept again from now on, with a new age.
    cache.store('salon', 1, KEY, answer('09:30'), cache.generation);
    now = 120_000;
    expect(cache.get('salon', KEY)).toEqual(answer('09:30'));
  });

  it('starts over when full', () => {
    const cache = liveCache(2);
    cache.store('a', 1, KEY, answer('09:00'), cache.generation);
    cache.store('b', 2, KEY, answer('09:00'), cache.generation);
    cache.store('c', 3, KEY, answer('09:00'), cache.generation);
    expect(cache.size).toBe(1);
    expect(cache.get('c', KEY)).toEqual(answer('09:00'));
  });

  it('only ever returns the latest answer stored since its business was last forgotten (any sequence of operations)', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('store' as const),
        business: fc.integer({ min: 1, max: 4 }),
        slug: fc.constantFrom('a', 'b', 'c'),
        day: fc.constantFrom('2026-11-24', '2026-11-25'),
        // A reader that took the generation at the start, before any of the operations so far.
        readEarly: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('forget' as const), business: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('forgetAll' as const) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const cache = liveCache(5);
        const earliest = cache.generation;
        // What may be returned: per slug and day, the last answer stored since its business was forgotten.
        const model = new Map<string, { business: number; value: string }>();
        // What a reader that started before all operations must not store.
        const forgottenSinceStart = new Set<number>();
        let allForgottenSinceStart = false;
        operations.forEach((op, index) => {
          if (op.kind === 'store') {
            const value = `answer ${index}`;
            const kept = !op.readEarly || (!allForgottenSinceStart && !forgottenSinceStart.has(op.business));
            if (kept) model.set(`${op.slug}|${op.day}`, { business: op.business, value });
            const generation = op.readEarly ? earliest : cache.generation;
            cache.store(op.slug, op.business, answerKey(op.day, undefined), answer(value), generation);
          } else if (op.kind === 'forget') {
            for (const [key, entry] of model) if (entry.business === op.business) model.delete(key);
            forgottenSinceStart.add(op.business);
            cache.forgetBusiness(op.business);
          } else {
            allForgottenSinceStart = true;
            model.clear();
            cache.forgetAll();
          }
          for (const slug of ['a', 'b', 'c']) {
            for (const day of ['2026-11-24', '2026-11-25']) {
              const got = cache.get(slug, answerKey(day, undefined));
              // A miss is always allowed (the cache may start over); a hit must be the model's answer.
              if (got !== undefined) expect(got.work_start).toBe(model.get(`${slug}|${day}`)?.value);
            }
          }
        });
      }),
    );
  });
});

describe('readThrough', () => {
  it('answers a kept answer under any of its keys, first key first, without reading', async () => {
    const cache = liveCache();
    cache.store('salon', 1, 'minute', answer('10:00'), cache.generation);
    let reads = 0;
    const read = async () => (reads++, { answer: answer('09:00'), keepFor: { businessId: 1 } });
    expect(await readThrough(cache, 'salon', ['day', 'minute'], read)).toEqual(answer('10:00'));
    cache.store('salon', 1, 'day', answer('11:00'), cache.generation);
    expect(await readThrough(cache, 'salon', ['day', 'minute'], read)).toEqual(answer('11:00'));
    expect(reads).toBe(0);
  });

  it('keeps what it read under the first key, or the key the read names, only when the read says so', async () => {
    const cache = liveCache();
    expect(await readThrough(cache, 'salon', 'a', async () => ({ answer: answer('09:00') }))).toEqual(answer('09:00'));
    expect(cache.size).toBe(0);
    await readThrough(cache, 'salon', ['a', 'b'], async () => ({ answer: answer('09:00'), keepFor: { businessId: 1 } }));
    await readThrough(cache, 'salon', ['c', 'd'], async () => ({ answer: answer('10:00'), keepFor: { businessId: 1, key: 'd' } }));
    expect([cache.get('salon', 'a'), cache.get('salon', 'b'), cache.get('salon', 'c'), cache.get('salon', 'd')]).toEqual([
      answer('09:00'),
      undefined,
      undefined,
      answer('10:00'),
    ]);
  });

  it('does not keep what it read while its business was forgotten', async () => {
    const cache = liveCache();
    const read = async () => {
      cache.forgetBusiness(1);
      return { answer: answer('09:00'), keepFor: { businessId: 1 } };
    };
    expect(await readThrough(cache, 'salon', 'a', read)).toEqual(answer('09:00'));
    expect(cache.size).toBe(0);
  });

  it('reads every time without a cache', async () => {
    let reads = 0;
    const read = async () => (reads++, { answer: 'x', keepFor: { businessId: 1 } });
    await readThrough(undefined, 'salon', 'a', read);
    await readThrough(undefined, 'salon', 'a', read);
    expect(reads).toBe(2);
  });
});
