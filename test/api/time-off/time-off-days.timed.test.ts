/**
 * Time off does not slow the booking page: with 20 time-off entries (the business's and masters', days and hours) the date strip of
 * 10 masters still answers a month in p99 < 20 ms once cached, and a first (uncached) answer is logged.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp } from '../../helpers/app.js';
import { createMaster } from '../../helpers/catalog.js';
import { addDays } from '../../../src/core/wallclock.js';

const t = useTestApp();

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;

describe('/days with time off', () => {
  it('10 masters and 20 entries: a month answers p99 < 20 ms cached', async () => {
    const owner = await registerBusiness(t);
    const masters = [];
    for (let i = 0; i < 10; i += 1) masters.push(await createMaster(t, owner, `Мастер ${i}`));
    for (let i = 0; i < 20; i += 1) {
      const date = addDays('2026-11-24', i + (i % 3));
      const hours = i % 2 === 0 ? { start_time: '12:00', end_time: '16:00' } : {};
      const master_id = i % 5 === 0 ? null : masters[i % 10]!.id;
      const created = await t.op('post', '/api/v1/time-off', {
        token: owner.token,
        body: { master_id, date_from: date, date_to: date, ...hours },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const url = `/api/v1/public/${owner.business.slug}/days?service_id=${owner.service.id}&from=2026-11-23&to=2026-12-23`;
    const started = performance.now();
    const first = await t.app.inject({ method: 'GET', url });
    const uncached = performance.now() - started;
    expect(first.statusCode, first.body).toBe(200);
    expect(JSON.parse(first.body)).toHaveLength(31);
    for (let i = 0; i < 100; i += 1) await t.app.inject({ method: 'GET', url });
    const times: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const at = performance.now();
      const response = await t.app.inject({ method: 'GET', url });
      times.push(performance.now() - at);
      expect(response.body).toBe(first.body);
    }
    console.info(
      `/days, 10 masters, 20 time-off entries: first ${uncached.toFixed(1)} ms; cached p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
    expect(percentile(times, 99)).toBeLessThan(20);
  });
});
