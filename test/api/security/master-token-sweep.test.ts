/**
 * CONTRACT.md §16, checked from the served OpenAPI document: every operation that takes a token is
 * called with a master's token (and with another business's master's token) and answers only what
 * §16 allows: 403 outside the master's routes, 0 other masters' bookings, 0 client phones outside the
 * master's bookings, 0 writes outside the master's own booking (the ending across instances:
 * masters-ending.timed.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, useTestApp } from '../../helpers/app.js';
import { botEnv, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, salon, type Salon } from '../../helpers/bot-scenarios.js';
import { addMaster, letMastersDecide, linkMaster, type LinkedMaster } from '../../helpers/master-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

/** Master operations this file's world cannot answer 2xx: the stream (its own test below), a visit (test/api/visits/bot.test.ts reads one with a master's token). */
const NOT_SEEN_HERE = new Set(['streamEvents', 'getVisit', 'listVisitFreeTimes']);

/** The query strings of the reads that require one. */
const QUERIES: Record<string, string> = {
  listTimeOff: '?from=2026-11-23&to=2026-11-30',
  listHolidays: '?year=2026',
  listBookingFreeTimes: '?date=2026-11-24',
  listVisitFreeTimes: '?date=2026-11-24',
};

interface Operation {
  operationId: string;
  security?: unknown[];
  /** The policy's row of the operation (src/modules/identity/policy.ts). */
  'x-principals'?: string[];
}
type Paths = Record<string, Record<string, Operation>>;

/** The sample bodies of the writes a master may make; anything else is refused before its body is read. */
const BODIES: Record<string, object> = {
  updateBooking: { status: 'confirmed' },
  proposeReschedule: { proposed_date: '2026-11-25', proposed_time: '15:00' },
};

/**
 * Everything a master must not change, of the two businesses of this file (other files write to the
 * same PostgreSQL meanwhile): every table, without the master's own booking and its proposals.
 */
async function snapshot(ownBookingId: string): Promise<string> {
  const ids = sql.raw([world.owner.business.id, world.elsewhere].join(','));
  const byBusiness = ['business_slug_aliases', 'users', 'service_categories', 'services', 'masters', 'clients', 'schedules', 'time_off'];
  const byBusinessToo = ['idempotency_keys', 'api_keys', 'deleted_bookings'];
  const rows: unknown[] = [];
  const read = async (query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  rows.push(await read(sql`SELECT * FROM businesses WHERE id IN (${ids}) ORDER BY id`));
  for (const table of [...byBusiness, ...byBusinessToo]) {
    rows.push(await read(sql`SELECT * FROM ${sql.raw(table)} WHERE business_id IN (${ids}) ORDER BY 1, 2`));
  }
  const masterIds = sql`(SELECT id FROM masters WHERE business_id IN (${ids}))`;
  rows.push(await read(sql`SELECT * FROM master_services WHERE master_id IN ${masterIds} ORDER BY 1, 2`));
  rows.push(
    await read(
      sql`SELECT * FROM subscriptions WHERE context_ref IN (${sql.raw(`'${world.owner.business.id}','${world.elsewhere}'`)}) ORDER BY id`,
    ),
  );
  rows.push(await read(sql`SELECT * FROM bookings WHERE business_id IN (${ids}) AND id <> ${ownBookingId} ORDER BY id`));
  rows.push(
    await read(sql`SELECT p.* FROM reschedule_proposals p JOIN bookings b ON b.id = p.booking_id
      WHERE b.business_id IN (${ids}) AND p.booking_id <> ${ownBookingId} ORDER BY p.id`),
  );
  return JSON.stringify(rows);
}

interface World {
  owner: Salon;
  master: LinkedMaster;
  stranger: LinkedMaster;
  mine: { id: string; phone: string };
  theirs: { id: string; phone: string };
  otherBusiness: { id: string; phone: string };
  otherMasterId: number;
  /** The other business's id. */
  elsewhere: number;
}

let world: World;
beforeAll(async () => {
  const owner = await salon(t);
  const otherMasterId = await addMaster(t, owner);
  const mine = await book(t, owner, { time: '11:00' });
  const theirs = await book(t, { ...owner, masterId: otherMasterId }, { time: '12:00' });
  const elsewhere = await salon(t);
  const otherBusiness = await book(t, elsewhere, { time: '11:00' });
  await letMastersDecide(t, owner);
  world = {
    owner,
    master: await linkMaster(t, owner),
    stranger: await linkMaster(t, elsewhere),
    mine: { id: mine.id, phone: mine.client.phone },
    theirs: { id: theirs.id, phone: theirs.client.phone },
    otherBusiness: { id: otherBusiness.id, phone: otherBusiness.client.phone },
    otherMasterId,
    elsewhere: elsewhere.business.id,
  };
});

const served = async () => (await t.call({ method: 'GET', url: '/api/docs/json' })).data as { paths: Paths };

/** What §16 lets a master token do, by operationId, as the policy publishes it; `decide` ones only with masters_can_decide. */
async function masterOperations(): Promise<Set<string>> {
  const operations = Object.values((await served()).paths).flatMap((item) => Object.values(item));
  const mastersMay = (operation: Operation) => operation['x-principals']?.some((kind) => kind === 'master' || kind === 'master_deciding');
  // Public operations are anyone's, so a master's too: only those that take a token are the master's.
  const takesToken = (operation: Operation) => operation.security?.some((scheme) => 'bearerAuth' in (scheme as object)) ?? false;
  return new Set(
    operations.filter((operation) => takesToken(operation) && mastersMay(operation)).map((operation) => operation.operationId),
  );
}

/** Each operation with each candidate for its path parameters: own and others' ids alike. */
async function calls() {
  const doc = await served();
  const { owner, mine, theirs, otherBusiness, otherMasterId } = world;
  const candidates: Record<string, string[]> = {
    id: [String(owner.masterId), String(otherMasterId), String(owner.service.id), mine.id, theirs.id, otherBusiness.id],
    booking_id: [mine.id, theirs.id, otherBusiness.id],
    master_id: [String(owner.masterId), String(otherMasterId)],
    business_id: [String(owner.business.id)],
    slug: [owner.business.slug],
    token: ['x'.repeat(40)],
  };
  const result: { method: string; url: string; operationId: string }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      // Public operations are anyone's, and those signed by Telegram's init data take no token (§18); the
      // event stream is read in its own test below.
      const takesToken = operation.security?.some((scheme) => 'bearerAuth' in (scheme as object)) ?? false;
      if (!takesToken || operation.operationId === 'streamEvents') continue;
      let urls = [path];
      for (const [name, values] of Object.entries(candidates)) {
        if (!path.includes(`{${name}}`)) continue;
        urls = urls.flatMap((url) => values.map((value) => url.replace(`{${name}}`, value)));
      }
      const query = QUERIES[operation.operationId] ?? '';
      for (const url of urls) result.push({ method: method.toUpperCase(), url: url + query, operationId: operation.operationId });
    }
  }
  return result;
}

describe("every operation with a master's token", () => {
  it('answers only what §16 allows and changes nothing outside the own booking', async () => {
    const { master, mine, theirs, otherBusiness } = world;
    const before = await snapshot(mine.id);
    const masterOps = await masterOperations();
    expect(masterOps.size).toBeGreaterThan(10);
    const all = await calls();
    expect(all.length).toBeGreaterThan(40);
    const seen = new Set<string>();
    for (const call of all) {
      const response = await t.call({
        method: call.method as 'GET',
        url: call.url,
        token: master.token,
        ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: BODIES[call.operationId] ?? {} }),
      });
      const where = `${call.method} ${call.url}`;
      if (!masterOps.has(call.operationId)) {
        expect(response.statusCode, where).toBe(403);
        continue;
      }
      expect([200, 201, 403, 404, 409], `${where} ${response.body}`).toContain(response.statusCode);
      if (response.statusCode < 300) seen.add(call.operationId);
      for (const foreign of [theirs.id, otherBusiness.id, theirs.phone, otherBusiness.phone]) {
        expect(response.body.includes(foreign), `${where} shows ${foreign}`).toBe(false);
      }
    }
    expect([...seen].sort()).toEqual([...masterOps].filter((id) => !NOT_SEEN_HERE.has(id)).sort());
    expect(await snapshot(mine.id)).toBe(before);
  });

  it('of another business: nothing of this business, nothing written', async () => {
    const { stranger, mine, theirs } = world;
    const before = await snapshot('00000000-0000-0000-0000-000000000000');
    const masterOps = await masterOperations();
    for (const call of await calls()) {
      const response = await t.call({
        method: call.method as 'GET',
        url: call.url,
        token: stranger.token,
        ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: BODIES[call.operationId] ?? {} }),
      });
      const where = `${call.method} ${call.url}`;
      if (!masterOps.has(call.operationId)) expect(response.statusCode, where).toBe(403);
      for (const foreign of [mine.id, theirs.id, mine.phone, theirs.phone]) {
        expect(response.body.includes(foreign), `${where} shows ${foreign}`).toBe(false);
      }
    }
    expect(await snapshot('00000000-0000-0000-0000-000000000000')).toBe(before);
  });
});
