/**
 * db/transaction.ts: a transaction whose first statement goes with its BEGIN (PostgreSQL: one message).
 * What the masters' lock relies on: the work's writes commit or roll back whole, the first statement's
 * locks last until the commit, and a statement after the lock reads what was committed while it waited
 * (READ COMMITTED: a snapshot per statement). The last two need a second connection: PostgreSQL only.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../../src/db/driver.js';
import { masters } from '../../../src/db/schema.js';
import { transactionBegunWith, type NamedStatement } from '../../../src/db/transaction.js';
import { dbKind, registerBusiness, useTestApp } from '../../helpers/app.js';
import { createMaster } from '../../helpers/catalog.js';

const messages: string[] = [];
const t = useTestApp({ onQuery: (query) => messages.push(query) });

const lockSql = (id: number) => sql`SELECT ${masters.id} FROM ${masters} WHERE ${masters.id} = ${sql.raw(String(id))} FOR NO KEY UPDATE`;
/** The same lock as an opening statement. */
const lockOf = (id: number): NamedStatement => ({
  name: 'test_lock_master',
  definition: 'SELECT id FROM masters WHERE id = $1 FOR NO KEY UPDATE',
  values: [id],
});
const nameOf = async (id: number, db: Db = t.database.db) =>
  (await db.select({ name: masters.name }).from(masters).where(eq(masters.id, id)))[0]!.name;

async function aMaster(name: string) {
  const owner = await registerBusiness(t);
  return createMaster(t, owner, name);
}

describe('a transaction begun with its first statement', () => {
  it("commits the work's writes and answers its result", async () => {
    const master = await aMaster('Дана');
    const answer = await transactionBegunWith(t.database.db, [lockOf(master.id)], async (tx) => {
      await tx.update(masters).set({ name: 'Дана Н.' }).where(eq(masters.id, master.id));
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await nameOf(master.id)).toBe('Дана Н.');
  });

  it('rolls the work back whole when it throws, and the next one runs', async () => {
    const master = await aMaster('Айгуль');
    const failing = transactionBegunWith(t.database.db, [lockOf(master.id)], async (tx) => {
      await tx.update(masters).set({ name: 'не сохранится' }).where(eq(masters.id, master.id));
      throw new Error('the work failed');
    });
    await expect(failing).rejects.toThrow('the work failed');
    expect(await nameOf(master.id)).toBe('Айгуль');
    await transactionBegunWith(t.database.db, [lockOf(master.id)], async (tx) => {
      await tx.update(masters).set({ name: 'Айгуль К.' }).where(eq(masters.id, master.id));
    });
    expect(await nameOf(master.id)).toBe('Айгуль К.');
  });
});

describe("a statement after its commit (the new bookings' announcement)", () => {
  const rename = (id: number, name: string) => sql`UPDATE ${masters} SET name = ${name} WHERE ${masters.id} = ${id}`.inlineParams();

  it('runs once the work committed, on what the work answered', async () => {
    const master = await aMaster('Гульнара');
    const failures: unknown[] = [];
    const answer = await transactionBegunWith(
      t.database.db,
      [lockOf(master.id)],
      async (tx) => {
        await tx.update(masters).set({ name: 'в работе' }).where(eq(masters.id, master.id));
        return 'Гульнара после';
      },
      { statement: (name) => rename(master.id, name), failed: (error) => failures.push(error) },
    );
    expect(answer).toBe('Гульнара после');
    expect(await nameOf(master.id)).toBe('Гульнара после');
    expect(failures).toEqual([]);
  });

  it('failing, leaves the commit standing and is handed to `failed`', async () => {
    const master = await aMaster('Мадина');
    const failures: unknown[] = [];
    const answer = await transactionBegunWith(
      t.database.db,
      [lockOf(master.id)],
      async (tx) => {
        await tx.update(masters).set({ name: 'Мадина С.' }).where(eq(masters.id, master.id));
        return 7;
      },
      { statement: () => sql`SELECT 1 / 0`, failed: (error) => failures.push(error) },
    );
    expect(answer).toBe(7);
    expect(await nameOf(master.id)).toBe('Мадина С.');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toSatisfy((error: { message: string; cause?: { message: string } }) =>
      /division by zero/.test((error.cause ?? error).message),
    );
  });

  it('does not run when the COMMIT itself fails, and the work is not saved', async () => {
    const master = await aMaster('Камила');
    const failures: unknown[] = [];
    const after = { statement: () => rename(master.id, 'не должно быть'), failed: (error: unknown) => failures.push(error) };
    const failing = transactionBegunWith(
      t.database.db,
      [lockOf(master.id)],
      async (tx) => {
        await tx.update(masters).set({ name: 'не сохранится' }).where(eq(masters.id, master.id));
        // A deferred constraint is checked at the COMMIT: rows that break it make the COMMIT fail.
        await tx.execute(sql`CREATE TEMP TABLE deferred_check (n int UNIQUE DEFERRABLE INITIALLY DEFERRED) ON COMMIT DROP`);
        await tx.execute(sql`INSERT INTO deferred_check VALUES (1), (1)`);
      },
      after,
    );
    await expect(failing).rejects.toSatisfy(
      (error: { code?: string; cause?: { code?: string } }) => (error.cause ?? error).code === '23505',
    );
    expect(await nameOf(master.id)).toBe('Камила');
    expect(failures).toEqual([]);
  });
});

describe.runIf(dbKind() === 'postgres')('its lock and its reads (PostgreSQL)', () => {
  it('holds the first statement’s lock until the commit', async () => {
    const master = await aMaster('Сауле');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const running = transactionBegunWith(t.database.db, [lockOf(master.id)], async () => {
      locked();
      await held;
    });
    await isLocked;
    const tryLock = sql`SELECT ${masters.id} FROM ${masters} WHERE ${masters.id} = ${master.id} FOR NO KEY UPDATE NOWAIT`;
    await expect(t.database.db.transaction((tx) => tx.execute(tryLock))).rejects.toMatchObject({ cause: { code: '55P03' } });
    release();
    await running;
    await expect(t.database.db.transaction((tx) => tx.execute(tryLock))).resolves.toBeDefined();
  });

  it('reads, after its lock, what another transaction committed while it waited for that lock', async () => {
    const master = await aMaster('Жанна');
    const seen = await t.database.db.transaction(async (first) => {
      await first.execute(lockSql(master.id));
      const waiting = transactionBegunWith(t.database.db, [lockOf(master.id)], (tx) => nameOf(master.id, tx));
      await expect.poll(() => lockWaits()).toBeGreaterThan(0);
      await first.update(masters).set({ name: 'Жанна (после)' }).where(eq(masters.id, master.id));
      return { waiting };
    });
    expect(await seen.waiting).toBe('Жанна (после)');
  });

  it('reads in its opening message, after the lock, what was committed while it waited for that lock', async () => {
    const master = await aMaster('Асель');
    const nameRead: NamedStatement = { name: 'test_name_read', definition: 'SELECT name FROM masters WHERE id = $1', values: [master.id] };
    const seen = await t.database.db.transaction(async (first) => {
      await first.execute(lockSql(master.id));
      const waiting = transactionBegunWith(t.database.db, [lockOf(master.id), nameRead], async (_tx, opened) => opened);
      await expect.poll(() => lockWaits()).toBeGreaterThan(0);
      await first.update(masters).set({ name: 'Асель (после)' }).where(eq(masters.id, master.id));
      return { waiting };
    });
    expect(await seen.waiting).toEqual([['Асель (после)']]);
  });

  it('prepares a named read once on a connection, then only EXECUTEs it; a failed message leaves no PREPARE behind', async () => {
    const master = await aMaster('Роза');
    const named = (divisor: number): NamedStatement => ({
      name: 'test_named_read',
      definition: 'SELECT name, 10 / $2 FROM masters WHERE id = $1',
      values: [master.id, divisor],
    });
    const read = (divisor: number) =>
      transactionBegunWith(t.database.db, [lockOf(master.id), named(divisor)], async (_tx, opened) => opened);
    messages.length = 0;
    for (let i = 0; i < 3; i += 1) expect(await read(5)).toEqual([['Роза', 2]]);
    // node-postgres lends the connection released last: the three ran on one.
    expect(messages.filter((message) => message.includes('PREPARE test_named_read'))).toHaveLength(1);
    expect(messages.filter((message) => message.includes('EXECUTE test_named_read(' + master.id + ', 5)'))).toHaveLength(3);
    await expect(read(0)).rejects.toThrow(/division by zero/);
    // Its PREPARE went with its transaction: the next message prepares again, on the same connection.
    expect(await read(2)).toEqual([['Роза', 5]]);
  });

  it('gives back to the pool no connection that died inside it', async () => {
    const master = await aMaster('Алия');
    const dying = transactionBegunWith(t.database.db, [lockOf(master.id)], (tx) =>
      tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`),
    );
    await expect(dying).rejects.toBeDefined();
    for (let i = 0; i < 3; i += 1) await expect(transactionBegunWith(t.database.db, [lockOf(master.id)], async () => i)).resolves.toBe(i);
  });
});

async function lockWaits(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row!.n;
}
