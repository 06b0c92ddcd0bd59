/**
 * A database that answers but refuses (disk full, read-only, out of
 * connections) as an operator meets it: 503 {detail, code: "unavailable"} with
 * Retry-After, /readyz says so, nothing is stored, and no log line holds the
 * SQL, its parameters, a phone, a name or notes (CONTRACT.md §15).
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../../src/db/schema.js';
import { createTestApp, registerBusiness, type TestApp } from '../../helpers/app.js';

const logged: string[] = [];
let t: TestApp;
let owner: Awaited<ReturnType<typeof registerBusiness>>;
let masterId: number;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ build: { logger: { level: 'info', stream } } });
  owner = await registerBusiness(t);
  masterId = (await t.op('post', '/api/v1/masters', { token: owner.token, body: { name: 'Дана', service_ids: [owner.service.id] } })).data
    .id;
});
afterAll(async () => {
  await t.app.close();
  await t.database.close();
});

const PHONE = '+77015556677';
const NAME = 'Гульжан Секретная';
const NOTES = 'аллергия на лак';

const bookOnce = (time: string) =>
  t.op('post', '/api/v1/public/{slug}/booking', {
    path: { slug: owner.business.slug },
    body: { service_id: owner.service.id, master_id: masterId, date: '2026-11-24', time, first_name: NAME, phone: PHONE, notes: NOTES },
  });

/** Makes every new client row fail with the given SQLSTATE, as the database would. */
async function refuseWrites(sqlstate: string, message: string): Promise<() => Promise<void>> {
  await t.database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '${message}' USING ERRCODE = '${sqlstate}'; END $$`),
  );
  await t.database.db.execute(
    sql.raw('CREATE TRIGGER refuse_write BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION refuse_write()'),
  );
  return async () => {
    await t.database.db.execute(sql.raw('DROP TRIGGER refuse_write ON bookings'));
  };
}

function expectNoPersonalDataLogged(): void {
  const text = logged.join('\n');
  for (const secret of [PHONE.slice(1), '7015556677', NAME, NOTES, 'insert into', 'params:']) expect(text, secret).not.toContain(secret);
}

describe('the database refuses writes', () => {
  it.each([
    ['disk full', '53100', 'could not extend file: No space left on device'],
    ['read-only', '25006', 'cannot execute INSERT in a read-only transaction'],
    ['too many connections', '53300', 'sorry, too many clients already'],
  ])('%s: 503 unavailable with Retry-After, /readyz says so, nothing stored, nothing personal logged', async (name, sqlstate, message) => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0]!.n;
    const restore = await refuseWrites(sqlstate, message);
    try {
      const started = performance.now();
      const refused = await bookOnce('10:00');
      const ms = Math.round(performance.now() - started);
      console.log(
        `\nfault figures, ${name}: ${JSON.stringify({ status: refused.statusCode, retryAfter: refused.headers['retry-after'], ms })}\n`,
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.problem).toEqual({ detail: expect.any(String), code: 'unavailable' });
      expect(refused.headers['retry-after']).toBe('5');
      const ready = await t.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.data.code).toBe('unavailable');
    } finally {
      await restore();
    }
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0]!.n).toBe(before);
    expectNoPersonalDataLogged();
  });

  it('an unexpected database error is a plain 500 whose log line holds the error code but no SQL or personal data', async () => {
    const restore = await refuseWrites('P0001', 'something odd');
    try {
      const failed = await bookOnce('11:00');
      expect(failed.statusCode).toBe(500);
      expect(failed.problem).toEqual({ detail: 'Internal server error', code: 'internal' });
    } finally {
      await restore();
    }
    const errorLines = logged.filter((line) => JSON.parse(line).level >= 50);
    expect(errorLines.length).toBeGreaterThan(0);
    expect(errorLines.join('\n')).toContain('P0001');
    expectNoPersonalDataLogged();
    // Afterwards it books as usual.
    expect((await bookOnce('12:00')).statusCode).toBe(201);
  });
});
