/**
 * The three count tables the bookings' trigger keeps (booking_counts, booking_day_counts, booking_status_totals:
 * migrations 0019, 0021, 0023) under concurrent writes: two instances (two pools of the service's 10
 * connections) book on three businesses (public, if_free, by the owner, visits of two items), decide,
 * move to another day and delete, all at once. Afterwards each table equals a GROUP BY of bookings read in
 * the same statement, and X-Total-Count of GET /superadmin/bookings equals a count of bookings.
 * PGlite has one connection, so nothing races there: the file runs on PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { queryRows } from '../../../src/db/driver.js';
import type { BookingStatus } from '../../../src/db/schema.js';
import { dbKind, registerBusiness, SUPERADMIN_ENV, uniquePhone, useOtherInstance, useTestApp, type ApiCaller } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import type { RequestQuery } from '../../helpers/typed-call.js';

const t = useTestApp({ env: SUPERADMIN_ENV });
const other = useOtherInstance(t);

/** A working week no other file books into (Monday to Friday), so its day rows are this file's alone. */
const DAYS = ['2031-06-02', '2031-06-03', '2031-06-04', '2031-06-05', '2031-06-06'];
const TIMES = ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00'];
const DECISIONS: BookingStatus[] = ['confirmed', 'cancelled', 'completed', 'rejected', 'pending'];
const LANES = 48;

/** A seeded generator (mulberry32): a failing race names its seed, RACE_SEED repeats it. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
}

interface Salon {
  id: number;
  slug: string;
  token: string;
  cut: number;
  beard: number;
  /** A few regular clients: their bookings upsert the same client rows at once. */
  phones: string[];
}

async function salon(): Promise<Salon> {
  const owner = await registerBusiness(t);
  const beard = await createService(t, owner, { name: 'Борода', duration: 30, price: 3000 });
  for (const name of ['Ерлан', 'Дана']) await createMaster(t, owner, name, [owner.service.id, beard.id]);
  const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
  return { id: owner.business.id, slug: owner.business.slug, token: owner.token, cut: owner.service.id, beard: beard.id, phones };
}

type Answer = { statusCode: number; body: string };

/** One racing lane: writes on its own booking or visit, every answer other than the expected ones kept by name. */
class Lane {
  constructor(
    private readonly api: ApiCaller,
    private readonly shop: Salon,
    private readonly pick: ReturnType<typeof randomFrom>,
    private readonly odd: string[],
  ) {}

  private expect<R extends Answer>(what: string, answer: R, allowed: number[]): R | undefined {
    if (allowed.includes(answer.statusCode)) return answer.statusCode < 300 ? answer : undefined;
    this.odd.push(`${what}: ${answer.statusCode} ${answer.body}`);
    return undefined;
  }

  private client() {
    return { date: this.pick(DAYS), time: this.pick(TIMES), first_name: 'Алия', phone: this.pick(this.shop.phones) };
  }

  async single(kind: 'public' | 'if_free' | 'owner'): Promise<void> {
    const { api, shop } = this;
    const body = { service_id: this.pick([shop.cut, shop.beard]), ...this.client() };
    const made =
      kind === 'owner'
        ? this.expect('POST /bookings', await api.op('post', '/api/v1/bookings', { token: shop.token, body }), [201])
        : this.expect(
            `POST booking ${kind}`,
            await api.op('post', '/api/v1/public/{slug}/booking', {
              path: { slug: shop.slug },
              body: { ...body, if_free: kind === 'if_free' },
            }),
            kind === 'if_free' ? [201, 409] : [201],
          );
    if (!made) return;
    const id = made.data!.id;
    const patch = (change: { status?: BookingStatus; date?: string; time?: string }) =>
      api.op('patch', '/api/v1/bookings/{id}', { token: shop.token, path: { id }, body: change });
    for (let step = 0; step < 3; step += 1) {
      const change = this.pick([
        { status: this.pick(DECISIONS) },
        { date: this.pick(DAYS) },
        { status: this.pick(DECISIONS), date: this.pick(DAYS) },
      ]);
      this.expect(`PATCH booking ${JSON.stringify(change)}`, await patch(change), [200]);
    }
    if (this.pick([true, false])) {
      this.expect('DELETE booking', await api.op('delete', '/api/v1/bookings/{id}', { token: shop.token, path: { id } }), [204]);
    }
  }

  async visit(kind: 'public' | 'owner'): Promise<void> {
    const { api, shop } = this;
    const body = { items: [{ service_id: shop.cut }, { service_id: shop.beard }], ...this.client() };
    const made =
      kind === 'owner'
        ? this.expect('POST /visits', await api.op('post', '/api/v1/visits', { token: shop.token, body: { ...body, force: true } }), [201])
        : this.expect('POST visit', await api.op('post', '/api/v1/public/{slug}/visits', { path: { slug: shop.slug }, body }), [201, 409]);
    if (!made) return;
    const { id, bookings } = made.data!;
    const patchVisit = (change: { status?: BookingStatus; date?: string }) =>
      api.op('patch', '/api/v1/visits/{id}', { token: shop.token, path: { id }, body: change });
    const patchItem = (status: BookingStatus) =>
      api.op('patch', '/api/v1/bookings/{id}', { token: shop.token, path: { id: this.pick(bookings).id }, body: { status } });
    for (let step = 0; step < 3; step += 1) {
      // An item decided alone while the whole visit gets another status: a mixed visit, written by two requests at once.
      const [whole, item] = await Promise.all([
        patchVisit(this.pick([{ status: this.pick(DECISIONS) }, { date: this.pick(DAYS) }])),
        patchItem(this.pick(DECISIONS)),
      ]);
      this.expect('PATCH visit', whole, [200]);
      this.expect('PATCH visit item', item, [200]);
    }
    if (this.pick([true, false])) {
      this.expect('DELETE visit', await api.op('delete', '/api/v1/visits/{id}', { token: shop.token, path: { id } }), [204]);
    }
  }
}

type Differing = { kept: number | null; real: number | null }[];

/**
 * Each count table against a GROUP BY of bookings, in one statement (one snapshot): the rows that differ.
 * booking_counts for these businesses, booking_day_counts for DAYS, booking_status_totals for the platform.
 */
async function countsThatDiffer(businessIds: number[]) {
  const ids = `{${businessIds.join(',')}}`;
  const [first, last] = [DAYS[0]!, DAYS.at(-1)!];
  const [row] = await queryRows<{ perBusiness: Differing; perDay: Differing; perStatus: Differing }>(
    t.database.db,
    sql`SELECT
          (SELECT coalesce(json_agg(d ORDER BY d.business_id, d.status), '[]') FROM (
            SELECT business_id, status, k.n AS kept, r.n AS real
            FROM (SELECT business_id, status, sum(n)::int AS n FROM booking_counts WHERE business_id = ANY(${ids}::int[]) GROUP BY 1, 2) k
            FULL JOIN (SELECT business_id, status, count(*)::int AS n FROM bookings WHERE business_id = ANY(${ids}::int[]) GROUP BY 1, 2) r
              USING (business_id, status)
            WHERE coalesce(k.n, 0) <> coalesce(r.n, 0)) d) AS "perBusiness",
          (SELECT coalesce(json_agg(d ORDER BY d.day, d.status), '[]') FROM (
            SELECT day, status, k.n AS kept, r.n AS real
            FROM (SELECT day, status, sum(n)::int AS n FROM booking_day_counts WHERE day BETWEEN ${first}::date AND ${last}::date GROUP BY 1, 2) k
            FULL JOIN (SELECT start_at::date AS day, status, count(*)::int AS n FROM bookings
                         WHERE start_at >= ${first}::date AND start_at < ${last}::date + 1 GROUP BY 1, 2) r
              USING (day, status)
            WHERE coalesce(k.n, 0) <> coalesce(r.n, 0)) d) AS "perDay",
          (SELECT coalesce(json_agg(d ORDER BY d.status), '[]') FROM (
            SELECT status, k.n AS kept, r.n AS real
            FROM (SELECT status, sum(n)::int AS n FROM booking_status_totals GROUP BY 1) k
            FULL JOIN (SELECT status, count(*)::int AS n FROM bookings GROUP BY 1) r USING (status)
            WHERE coalesce(k.n, 0) <> coalesce(r.n, 0)) d) AS "perStatus"`,
  );
  return row!;
}

type OperatorQuery = RequestQuery<'get', '/api/v1/superadmin/bookings'>;

/** X-Total-Count minus a count of the bookings it names, or 'moving' when another file wrote meanwhile. */
async function totalMinusCount(token: string, query: OperatorQuery): Promise<number | 'moving'> {
  const where = sql.join(
    [
      sql`true`,
      ...(query.business_id ? [sql`business_id = ${query.business_id}`] : []),
      ...(query.status ? [sql`status = ${query.status}`] : []),
      ...(query.date_from ? [sql`start_at >= ${query.date_from}::date`] : []),
      ...(query.date_to ? [sql`start_at < ${query.date_to}::date + 1`] : []),
    ],
    sql` AND `,
  );
  const counted = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM bookings WHERE ${where}`))[0]!.n;
  const before = await counted();
  const answer = await t.op('get', '/api/v1/superadmin/bookings', { token, query: { ...query, limit: 1 } });
  expect(answer.statusCode).toBe(200);
  const after = await counted();
  return before === after ? Number(answer.headers['x-total-count']) - after : 'moving';
}

const pidOf = (client: pg.Client): number => (client as unknown as { processID: number }).processID;

/**
 * Two connections whose backends share every count stripe (pid modulo 32, so also modulo 16 and 8): the
 * connections opened until two collide (at most 33), the others closed.
 */
async function sameStripeConnections(): Promise<[pg.Client, pg.Client]> {
  const opened: pg.Client[] = [];
  const byStripe = new Map<number, pg.Client>();
  for (;;) {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    opened.push(client);
    const stripe = pidOf(client) % 32;
    const twin = byStripe.get(stripe);
    if (twin) {
      await Promise.all(opened.filter((other) => other !== twin && other !== client).map((other) => other.end()));
      return [twin, client];
    }
    byStripe.set(stripe, client);
  }
}

/** Whether `promise` has settled yet (its rejection is then handled here too). */
function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

/** Ends `client`'s open transaction with `statement`: committed, or rolled back when it fails (the error kept). */
async function endedWith(client: pg.Client, statement: () => Promise<unknown>): Promise<void> {
  try {
    await statement();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** Whether the backend of `client` waits for a lock. */
async function waitsForLock(client: pg.Client): Promise<boolean> {
  const [row] = await queryRows<{ waiting: boolean }>(
    t.database.db,
    sql`SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = ${pidOf(client)}`,
  );
  return row?.waiting ?? false;
}

describe.runIf(dbKind() === 'postgres')('the count tables under concurrent writes (PostgreSQL)', () => {
  it('after bookings made, decided, moved and deleted at once each count table equals a GROUP BY of bookings', async () => {
    const seed = Number(process.env.RACE_SEED ?? Date.now());
    const shops = [await salon(), await salon(), await salon()];
    const odd: string[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: LANES }, (_, index) => {
        const pick = randomFrom(seed + index);
        const lane = new Lane(index % 2 === 0 ? t : other, shops[index % shops.length]!, pick, odd);
        // Fewer of the kinds that lock the masters (if_free, visits): those queue for a salon's few masters.
        const kind = pick(['public', 'public', 'if_free', 'owner', 'owner', 'visit', 'owner visit'] as const);
        if (kind === 'visit') return lane.visit('public');
        if (kind === 'owner visit') return lane.visit('owner');
        return lane.single(kind);
      }),
    );
    const raced = performance.now() - started;
    expect(odd, `seed ${seed}`).toEqual([]);

    const ids = shops.map((shop) => shop.id);
    const [made] = await queryRows<{ n: number; statuses: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT status)::int AS statuses FROM bookings WHERE business_id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(made!.n, `seed ${seed}`).toBeGreaterThan(LANES / 2);
    expect(made!.statuses).toBeGreaterThanOrEqual(4);
    // The platform's totals take in other files' bookings; a restore-path test may hold one uncounted for a moment.
    await expect
      .poll(() => countsThatDiffer(ids), { timeout: 3000, interval: 100 })
      .toEqual({ perBusiness: [], perDay: [], perStatus: [] });

    const login = await t.op('post', '/api/v1/superadmin/login', {
      body: { username: SUPERADMIN_ENV.SUPERADMIN_USERNAME, password: SUPERADMIN_ENV.SUPERADMIN_PASSWORD },
    });
    const token = login.data!.access_token;
    const week = { date_from: DAYS[0]!, date_to: DAYS.at(-1)! };
    for (const query of [
      {},
      { status: 'cancelled' },
      week,
      { ...week, status: 'confirmed' },
      { business_id: ids[0] },
      { business_id: ids[1], status: 'pending' },
    ] satisfies OperatorQuery[]) {
      await expect.poll(() => totalMinusCount(token, query), { timeout: 3000, interval: 100, message: JSON.stringify(query) }).toBe(0);
    }
    console.info(`booking-counts race: ${made!.n} bookings left, the race ${Math.round(raced)} ms, seed ${seed}`);
  }, 60_000);
  it('a transaction of two booking writes and a write of its second booking, on the same stripes, both commit (no deadlock)', async () => {
    const [first, second] = [await salon(), await salon()];
    const owned = async (shop: Salon) => {
      const body = { service_id: shop.cut, date: DAYS[2]!, time: '10:00', first_name: 'Алия', phone: shop.phones[0]! };
      return (await t.op('post', '/api/v1/bookings', { token: shop.token, body })).data!.id;
    };
    const [x, y] = [await owned(first), await owned(second)];
    const [a, b] = await sameStripeConnections();
    const setStatus = (client: pg.Client, id: string, status: BookingStatus) =>
      client.query('UPDATE bookings SET status = $1 WHERE id = $2', [status, id]);
    try {
      // A, as a visit's status: x now (its stripes' count rows held until A commits), y later.
      await Promise.all([a.query('BEGIN'), b.query('BEGIN')]);
      await setStatus(a, x, 'cancelled');
      // B, as a PATCH of y alone: y's row is B's, then B's trigger counts on the same stripes as A's.
      const bDone = endedWith(b, () => setStatus(b, y, 'cancelled'));
      const bSettled = settledFlag(bDone);
      await expect.poll(async () => bSettled() || (await waitsForLock(b))).toBe(true);
      const aDone = endedWith(a, () => setStatus(a, y, 'rejected'));
      const outcomes = await Promise.allSettled([aDone, bDone]);
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'committed'))).toEqual([
        'committed',
        'committed',
      ]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    const [row] = await queryRows<{ statuses: string[] }>(
      t.database.db,
      sql`SELECT array_agg(status ORDER BY business_id) AS statuses FROM bookings WHERE id IN (${x}, ${y})`,
    );
    expect(row!.statuses).toEqual(['cancelled', 'rejected']);
    expect(await countsThatDiffer([first.id, second.id])).toEqual({ perBusiness: [], perDay: [], perStatus: [] });
  }, 30_000);
});
