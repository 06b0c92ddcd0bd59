import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { serviceCategories, services } from '../../db/schema.js';

export interface ServiceView {
  id: number;
  name: string;
  duration: number;
  price: number;
  /** CONTRACT.md §17: minutes kept free after a booking of it. */
  buffer_after: number;
  category: { id: number; name: string } | null;
}

export interface ServiceValues {
  name: string;
  duration: number;
  price: number;
  bufferAfter?: number;
  categoryId: number | null;
}

export const serviceViewColumns = {
  id: services.id,
  name: services.name,
  duration: services.duration,
  price: services.price,
  bufferAfter: services.bufferAfter,
  categoryId: serviceCategories.id,
  categoryName: serviceCategories.name,
};

function selectServiceViews(db: Db) {
  return db.select(serviceViewColumns).from(services).leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId));
}

export type ServiceJoinRow = Awaited<ReturnType<ReturnType<typeof selectServiceViews>['execute']>>[number];

/** A service joined with its category (selectServiceViews' columns) as the API shows it. */
export const serviceViewOf = (row: ServiceJoinRow): ServiceView => ({
  id: row.id,
  name: row.name,
  duration: row.duration,
  price: row.price,
  buffer_after: row.bufferAfter,
  category: row.categoryId === null ? null : { id: row.categoryId, name: row.categoryName ?? '' },
});

/** Active (not archived) services of a business, optionally only the given ids. */
export async function listServices(db: Db, businessId: number, ids?: number[]): Promise<ServiceView[]> {
  if (ids && ids.length === 0) return [];
  const conditions = [eq(services.businessId, businessId), eq(services.archived, false)];
  if (ids) conditions.push(inArray(services.id, ids));
  const rows = await selectServiceViews(db)
    .where(and(...conditions))
    .orderBy(asc(services.id));
  return rows.map(serviceViewOf);
}

const serviceById = preparedPerDb((db) =>
  selectServiceViews(db)
    .where(
      and(eq(services.id, sql.placeholder('id')), eq(services.businessId, sql.placeholder('businessId')), eq(services.archived, false)),
    )
    .limit(1)
    .prepare('service_by_id'),
);

export async function findService(db: Db, businessId: number, id: number): Promise<ServiceView | undefined> {
  const [row] = await serviceById(db).execute({ businessId, id });
  return row ? serviceViewOf(row) : undefined;
}

export async function insertService(db: Db, businessId: number, values: ServiceValues): Promise<ServiceView> {
  const [row] = await db
    .insert(services)
    .values({ ...values, businessId })
    .returning({ id: services.id });
  return (await findService(db, businessId, row!.id))!;
}

export async function setServiceValues(db: Db, businessId: number, id: number, values: Partial<ServiceValues>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(services)
    .set(values)
    .where(and(eq(services.id, id), eq(services.businessId, businessId)));
}

/**
 * A service that bookings reference is archived, so no booking is lost or altered; otherwise removed.
 * Not in a transaction: the delete is tried first and refused by the bookings' foreign key, which
 * (unlike a check before it) leaves no window for a booking made meanwhile.
 */
export async function removeService(db: Db, businessId: number, id: number): Promise<void> {
  const where = and(eq(services.id, id), eq(services.businessId, businessId));
  try {
    await db.delete(services).where(where);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    await db.update(services).set({ archived: true }).where(where);
  }
}
