import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { endCredentials, type Remedy } from './credential-generations.js';

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

/** The remedies that set a new password (CONTRACT.md §11): each ends what the credential table says it ends. */
export type PasswordRemedy = Extract<Remedy, 'password_change' | 'password_reset' | 'superadmin_reset' | 'superadmin_lockdown'>;

/**
 * A new password hash, then the remedy's generations raised (every earlier token ends, the admin's Telegram
 * id and unused reset links with them). Pass a transaction to make it one write. Returns the updated user.
 */
export async function setPassword(db: Db, id: number, passwordHash: string, remedy: PasswordRemedy): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ passwordHash }).where(eq(users.id, id)).returning();
  if (!row?.businessId) return row;
  await endCredentials(db, remedy, { businessId: row.businessId });
  return findUserById(db, id);
}
