import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByMessengerId(db: Db, messengerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.messengerId, messengerId)).limit(1);
  return row;
}

export async function findBusinessAdmin(db: Db, businessId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, 'ADMIN')))
    .orderBy(users.id)
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export function userBody(row: UserRow) {
  return { id: row.id, email: row.email, full_name: row.fullName, role: row.role, business_id: row.businessId };
}

/**
 * The admin's Telegram id is cleared and every Telegram session of the admin ends (CONTRACT.md §11,
 * third pass): whoever came to hold the id (a forwarded link) is a customer in the mini app until the
 * owner links again; the linked chat keeps its notices.
 */
export const forgetTelegramValues = () => ({ messengerId: null, telegramTokenVersion: sql`${users.telegramTokenVersion} + 1` });

/**
 * A new password hash (a change, a self-service or super-admin reset): every token issued before
 * ends, and the admin's Telegram id with it (CONTRACT.md §11). Returns the updated user.
 */
export async function setPassword(db: Db, id: number, passwordHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, ...forgetTelegramValues() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** POST /business/telegram/rotate: the business's admins no longer have a Telegram id nor Telegram sessions (CONTRACT.md §11). */
export async function forgetAdminTelegram(db: Db, businessId: number): Promise<void> {
  await db
    .update(users)
    .set(forgetTelegramValues())
    .where(and(eq(users.businessId, businessId), eq(users.role, 'ADMIN')));
}
