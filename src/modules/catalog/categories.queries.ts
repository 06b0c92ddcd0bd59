import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serviceCategories } from '../../db/schema.js';

export type CategoryRow = { id: number; name: string };

const columns = { id: serviceCategories.id, name: serviceCategories.name };
const ownedBy = (businessId: number, id: number) => and(eq(serviceCategories.id, id), eq(serviceCategories.businessId, businessId));

export function listCategories(db: Db, businessId: number): Promise<CategoryRow[]> {
  return db.select(columns).from(serviceCategories).where(eq(serviceCategories.businessId, businessId)).orderBy(asc(serviceCategories.id));
}

export async function findCategory(db: Db, businessId: number, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select(columns).from(serviceCategories).where(ownedBy(businessId, id)).limit(1);
  return row;
}

export async function insertCategory(db: Db, businessId: number, name: string): Promise<CategoryRow> {
  const [row] = await db.insert(serviceCategories).values({ businessId, name }).returning(columns);
  return row!;
}

export async function renameCategory(db: Db, businessId: number, id: number, name: string): Promise<CategoryRow | undefined> {
  const [row] = await db.update(serviceCategories).set({ name }).where(ownedBy(businessId, id)).returning(columns);
  return row;
}

/** Its services stay, with category null (foreign key ON DELETE SET NULL). */
export async function removeCategory(db: Db, businessId: number, id: number): Promise<boolean> {
  const rows = await db.delete(serviceCategories).where(ownedBy(businessId, id)).returning(columns);
  return rows.length > 0;
}
