/**
 * Two instances on one PostgreSQL database: a booking written through one is in
 * the very next slots answer of the other, even though the other had that
 * answer cached and the change notification travels on its own connection (a
 * cache hit first catches up with the notifications committed before it).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { apiCaller, openTestDatabase, registerBusiness, testConfig } from '../../helpers/app.js';
import { bookingRequest } from '../../helpers/catalog.js';
import { SettableClock } from '../../../src/core/clock.js';
import { DEFAULT_NOW } from '../../helpers/app.js';
import type { Database } from '../../../src/db/client.js';

const DATE = '2026-11-25';

describe.runIf(process.env.TEST_DB === 'postgres')('slots cache across instances (PostgreSQL)', () => {
  const instances: { app: FastifyInstance; database: Database }[] = [];
  const call =
    (app: FastifyInstance) =>
    async ({ token, ...rest }: InjectOptions & { token?: string }) => {
      const response = await app.inject({ ...rest, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return Object.assign(response, { data: response.body ? JSON.parse(response.body) : undefined });
    };

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const database = await openTestDatabase();
      const app = await buildApp({ config: testConfig(), clock: new SettableClock(DEFAULT_NOW), database });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
  });

  it('40 bookings through one instance: the other one never answers from before the booking', async () => {
    const [writer, reader] = instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
    expect(reader.ctx.slotsCache).toBeDefined();
    const writerApi = apiCaller(call(writer));
    const owner = await registerBusiness(writerApi);
    // One-hour service, 09:00–13:00 and 14:00–18:00: eight free hours per master, each booked once.
    const hours = ['09', '10', '11', '12', '14', '15', '16', '17'];
    let stale = 0;
    for (let m = 0; m < 5; m += 1) {
      const master = await call(writer)({
        method: 'POST',
        url: '/api/v1/masters',
        token: owner.token,
        payload: { name: `Мастер ${m}`, service_ids: [owner.service.id] },
      });
      expect(master.statusCode).toBe(201);
      const slotsUrl = `/api/v1/public/${owner.business.slug}/slots?date=${DATE}&master_id=${master.data.id}`;
      for (const hour of hours) {
        // The reader has the answer cached: the second read is a hit.
        await reader.inject({ method: 'GET', url: slotsUrl });
        expect((await reader.inject({ method: 'GET', url: slotsUrl })).statusCode).toBe(200);
        const booked = await bookingRequest(writerApi, owner, { master_id: master.data.id, date: DATE, time: `${hour}:00` });
        expect(booked.statusCode, booked.body).toBe(201);
        const after = JSON.parse((await reader.inject({ method: 'GET', url: slotsUrl })).body) as { busy_intervals: [string, string][] };
        const next = `${String(Number(hour) + 1).padStart(2, '0')}:00`;
        if (!after.busy_intervals.some(([from, to]) => from <= `${hour}:00` && to >= next)) stale += 1;
      }
    }
    expect(stale).toBe(0);
  });
});
