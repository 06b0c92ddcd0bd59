/**
 * Scale-out, proven on the built service: three instances on one fresh
 * PostgreSQL database and one Redis, behind HAProxy (health check on /readyz),
 * every request through the balancer's port. Prints its figures (README
 * "Deploying" quotes them).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookingRequest, hhmm, weekdaysAhead } from '../../bench/booking-client.js';
import { CHECK_INTERVAL_MS, clientAddress, get, send, startHaproxy, type Answer, type Balancer } from '../helpers/cluster.js';
import { FakeTelegram } from '../helpers/fake-telegram.js';
import { freePort, startServer, type ServerProcess } from '../helpers/spawned-server.js';

const INSTANCES = 3;
const BOOKING_LIMIT = 20;
const DRAIN_MS = 1000;
const figures: Record<string, unknown> = {};

let telegram: FakeTelegram;
let balancer: Balancer;
const servers: (ServerProcess | undefined)[] = [];
let ports: number[] = [];
let env: Record<string, string>;
let nextClient = 1;

function startInstance(i: number): Promise<ServerProcess> {
  return startServer({
    entry: 'dist',
    port: ports[i],
    readyPath: '/readyz',
    env: { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `booking-cluster-${i}-`)) },
  }).then((server) => (servers[i] = server));
}

interface Business {
  token: string;
  slug: string;
  businessId: number;
  serviceId: number;
  masterId: number;
}

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  // Seeding goes through the balancer too; fetch for the bearer header.
  const response = await fetch(`http://127.0.0.1:${balancer.port}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), servedBy: response.headers.get('x-served-by') ?? undefined };
}

async function business(name: string): Promise<Business> {
  const stamp = `${Date.now()}`.slice(-7);
  const registered = await call('POST', '/auth/register', {
    email: `${name}${stamp}@example.kz`,
    password: 'long enough password',
    full_name: 'Айдана',
    business_name: name,
    phone: `+7708${stamp}`,
    address: 'Алматы, ул. Абая 1',
    service: { name: 'Стрижка', duration: 30, price: 5000 },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = registered.body.access_token as string;
  const serviceId = registered.body.service.id as number;
  const master = await call('POST', '/masters', { name: 'Мастер', service_ids: [serviceId] }, token);
  expect(master.status).toBe(201);
  return { token, slug: registered.body.business.slug, businessId: registered.body.business.id, serviceId, masterId: master.body.id };
}

/** The 16 half-hour starts of the default working day, around its 13:00–14:00 break. */
const HALF_HOURS = [9, 10, 11, 12, 14, 15, 16, 17].flatMap((h) => [`${String(h).padStart(2, '0')}:00`, `${String(h).padStart(2, '0')}:30`]);

const plus30 = (time: string): string => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return hhmm(h * 60 + m + 30);
};

const bookingFor = (b: Business, date: string, time: string, phoneIndex: number) => bookingRequest(b, date, time, 9, phoneIndex);

async function rows(businessId: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    const result = await client.query('select id from bookings where business_id = $1', [businessId]);
    return result.rows.map((row: { id: string }) => row.id).sort();
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  telegram = await FakeTelegram.start();
  ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  env = {
    DATABASE_URL: inject('postgresUrl'),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `cluster:${Date.now()}:`,
    JWT_SECRET: 'cluster-test-secret-long-enough-0000000',
    BOT_TOKEN: '123456:cluster',
    TELEGRAM_API_URL: telegram.url,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_BOOKING: String(BOOKING_LIMIT),
    RATE_LIMIT_REGISTER: '0',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    LOG_LEVEL: 'warn',
  };
  // All three at once on the empty database: they take turns migrating it.
  await Promise.all(Array.from({ length: INSTANCES }, (_, i) => startInstance(i)));
  balancer = await startHaproxy(mkdtempSync(join(tmpdir(), 'booking-haproxy-')), await freePort(), ports);
  // Every instance up in the balancer: three answers from three servers.
  const seen = new Set<string>();
  for (let i = 0; i < 30 && seen.size < INSTANCES; i += 1) {
    const answer = await get(balancer.port, '/readyz');
    if (answer.servedBy) seen.add(answer.servedBy);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(seen.size).toBe(INSTANCES);
}, 180_000);

afterAll(async () => {
  await balancer?.stop();
  await Promise.all(servers.map((server) => server?.stop(5000)));
  await telegram?.close();
  console.log(`\ncluster figures: ${JSON.stringify(figures)}\n`);
});

describe('three instances behind HAProxy', () => {
  it('a booking made through one instance is in the next slots answer of every other instance (200 tries, 0 stale)', async () => {
    const b = await business('consistency');
    const dates = weekdaysAhead(Math.ceil(200 / HALF_HOURS.length));
    let stale = 0;
    let checked = 0;
    const pairs = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const date = dates[Math.floor(i / HALF_HOURS.length)]!;
      const time = HALF_HOURS[i % HALF_HOURS.length]!;
      const booked = await send(
        balancer.port,
        'POST',
        `/api/v1/public/${b.slug}/booking`,
        bookingFor(b, date, time, i),
        clientAddress(nextClient++),
      );
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      // Round robin: the next two answers come from the two other instances.
      for (let k = 0; k < INSTANCES - 1; k += 1) {
        const answer = await get(balancer.port, `/api/v1/public/${b.slug}/slots?date=${date}&master_id=${b.masterId}`);
        expect(answer.status).toBe(200);
        if (answer.servedBy !== booked.servedBy) pairs.add(`${booked.servedBy}->${answer.servedBy}`);
        checked += 1;
        const busy = (answer.body.busy_intervals as [string, string][]).some(([from, to]) => from <= time && to >= plus30(time));
        if (!busy) stale += 1;
      }
      // One more request shifts the round robin, so every instance takes its turn at booking.
      await get(balancer.port, '/healthz');
    }
    figures.consistency = { tries: 200, slotsAnswersChecked: checked, stale, instancePairsSeen: pairs.size };
    expect(stale).toBe(0);
    // Each instance's booking was read by each other instance.
    expect(pairs.size).toBe(INSTANCES * (INSTANCES - 1));
  });

  it(`the booking rate limit holds across instances: limit ${BOOKING_LIMIT} → exactly ${BOOKING_LIMIT} successes`, async () => {
    const b = await business('limit');
    const [date] = weekdaysAhead(1);
    const address = clientAddress(nextClient++);
    const answers: Answer[] = [];
    for (let i = 0; i < 2 * BOOKING_LIMIT; i += 1) {
      answers.push(
        await send(
          balancer.port,
          'POST',
          `/api/v1/public/${b.slug}/booking`,
          bookingFor(b, date!, HALF_HOURS[i % 16]!, 10_000 + i),
          address,
        ),
      );
    }
    const created = answers.filter((a) => a.status === 201).length;
    const limited = answers.filter((a) => a.status === 429).length;
    const servers = new Set(answers.filter((a) => a.status === 201).map((a) => a.servedBy));
    figures.rateLimit = { limit: BOOKING_LIMIT, attempts: answers.length, created, limited, instancesAnswering: servers.size };
    expect(created).toBe(BOOKING_LIMIT);
    expect(limited).toBe(BOOKING_LIMIT);
    expect(servers.size).toBe(INSTANCES);
  });

  /** Books continuously from `workers` clients until stopped; every answer is kept. */
  function steadyLoad(b: Business, workers: number) {
    const answers: (Answer & { at: number })[] = [];
    const dates = weekdaysAhead(20);
    let running = true;
    let n = 0;
    const loops = Array.from({ length: workers }, async () => {
      while (running) {
        const i = n++;
        const body = bookingFor(b, dates[i % dates.length]!, HALF_HOURS[i % 16]!, 20_000 + i);
        // As the booking page does: a key per booking, so a request the balancer sends twice books once.
        const answer = await send(balancer.port, 'POST', `/api/v1/public/${b.slug}/booking`, body, clientAddress(nextClient++), {
          'idempotency-key': randomUUID(),
        });
        answers.push({ ...answer, at: Date.now() });
      }
    });
    return {
      answers,
      stop: async () => {
        running = false;
        await Promise.all(loops);
        return answers;
      },
    };
  }

  it('a rolling restart (SIGTERM one instance at a time, start it again) under steady booking load loses nothing', async () => {
    const b = await business('rolling');
    const load = steadyLoad(b, 4);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (let i = 0; i < INSTANCES; i += 1) {
      expect(await servers[i]!.stop()).toBe(0);
      await startInstance(i);
      // Back in the balancer: `rise` checks in a row.
      await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS * 3));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const answers = await load.stop();
    const seconds = (Date.now() - started) / 1000;
    const answered = answers
      .filter((a) => a.status === 201)
      .map((a) => a.body.id as string)
      .sort();
    const others = answers.filter((a) => a.status !== 201);
    const stored = await rows(b.businessId);
    figures.rollingRestart = {
      seconds: Math.round(seconds),
      requests: answers.length,
      perSecond: Math.round(answers.length / seconds),
      created: answered.length,
      rows: stored.length,
      nonCreated: others.length,
      connectionErrors: others.filter((a) => a.error).length,
    };
    expect(others.map((a) => `${a.status} ${a.error ?? JSON.stringify(a.body)}`)).toEqual([]);
    expect(stored).toEqual(answered);
    expect(answered.length).toBeGreaterThan(50);
  });

  it('one instance SIGKILLed: the /readyz check takes it out; errors during the switch are counted', async () => {
    const b = await business('killed');
    const load = steadyLoad(b, 4);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const killedAt = Date.now();
    const victim = servers[0]!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    // Out of the balancer after `fall` failed checks; then a while on two instances.
    let downAfterMs: number | undefined;
    while (Date.now() - killedAt < 3000) {
      if (downAfterMs === undefined && (await balancer.servers()).s1?.status.startsWith('DOWN')) downAfterMs = Date.now() - killedAt;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stats = await balancer.servers();
    const answers = await load.stop();
    const after = answers.filter((a) => a.at >= killedAt);
    const errors = after.filter((a) => a.status !== 201);
    const lastFromVictim = Math.max(0, ...after.filter((a) => a.servedBy === 's1').map((a) => a.at - killedAt));
    const answered = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id as string));
    const stored = await rows(b.businessId);
    figures.sigkill = {
      requestsAfterKill: after.length,
      errors: errors.length,
      errorKinds: [...new Set(errors.map((a) => a.error ?? String(a.status)))],
      storedNotAnswered: stored.filter((id) => !answered.has(id)).length,
      answeredNotStored: [...answered].filter((id) => !stored.includes(id)).length,
      msUntilLastAnswerFromKilled: lastFromVictim,
      msUntilMarkedDown: downAfterMs,
      balancerRetries: Object.values(stats).reduce((sum, server) => sum + server.retries, 0),
      balancerRedispatches: Object.values(stats).reduce((sum, server) => sum + server.redispatches, 0),
    };
    expect(stats.s1?.status).toMatch(/^DOWN/);
    expect(downAfterMs).toBeLessThan(2000);
    // Nothing answered 201 is missing, and the request cut mid-flight, sent again by the balancer
    // with its Idempotency-Key, was answered with the booking it had made.
    expect(figures.sigkill).toMatchObject({ answeredNotStored: 0, storedNotAnswered: 0 });
    // The tail after the switch: all good again.
    const tail = answers.filter((a) => a.at >= killedAt + 1500);
    expect(tail.filter((a) => a.status !== 201)).toEqual([]);
    expect(tail.some((a) => a.servedBy === 's1')).toBe(false);
    await startInstance(0);
  });

  it("HAProxy's own answers are the API's {detail, code} JSON: no instance up is 503 unavailable with Retry-After", async () => {
    const nobody = await freePort();
    const lone = await startHaproxy(mkdtempSync(join(tmpdir(), 'booking-haproxy-')), await freePort(), [nobody], false);
    try {
      const answer = await send(lone.port, 'GET', '/api/v1/public/anything');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ detail: expect.any(String), code: 'unavailable' });
      expect(answer.headers?.['content-type']).toBe('application/json');
      expect(answer.headers?.['retry-after']).toBe('5');
    } finally {
      await lone.stop();
    }
  });
});
