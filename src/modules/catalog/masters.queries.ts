import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { businesses, masterServices, masters, schedules, services } from '../../db/schema.js';
import { listServices, type ServiceView } from './services.queries.js';
import { effectiveTerms, type TermsOverride } from '../../core/master-terms.js';
import { activeMastersOf } from '../../db/active-masters.js';
import { endCredentials } from '../identity/credential-generations.js';

/** CONTRACT.md §17: a master's service with that master's effective price and duration. */
export interface MasterServiceView extends ServiceView {
  base_price: number;
  base_duration: number;
}

export interface MasterView {
  id: number;
  name: string;
  services: MasterServiceView[];
  has_schedule: boolean;
  telegram_linked: boolean;
}

export const masterServiceView = (service: ServiceView, override: TermsOverride | undefined): MasterServiceView => ({
  ...service,
  ...effectiveTerms(service, override),
  base_price: service.price,
  base_duration: service.duration,
});

export type MasterRow = typeof masters.$inferSelect;

export function listMasterRows(db: Db, businessId: number, ids?: number[]): Promise<MasterRow[]> {
  const conditions = [activeMastersOf(businessId)];
  if (ids) conditions.push(inArray(masters.id, ids));
  return db
    .select()
    .from(masters)
    .where(and(...conditions))
    .orderBy(asc(masters.id));
}

const masterById = preparedPerDb((db) =>
  db
    .select()
    .from(masters)
    .where(and(eq(masters.id, sql.placeholder('id')), eq(masters.businessId, sql.placeholder('businessId')), eq(masters.archived, false)))
    .limit(1)
    .prepare('master_by_id'),
);

export async function findMasterRow(db: Db, businessId: number, id: number): Promise<MasterRow | undefined> {
  const [row] = await masterById(db).execute({ businessId, id });
  return row;
}

/** Which of these masters have a week of their own (the has_schedule flag of a master's view). */
async function mastersWithSchedule(db: Db, businessId: number, masterIds: number[]): Promise<Set<number>> {
  if (masterIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ masterId: schedules.masterId })
    .from(schedules)
    .where(and(eq(schedules.businessId, businessId), inArray(schedules.masterId, masterIds)));
  return new Set(rows.map((row) => row.masterId!));
}

/** Masters with their services and whether they have an own schedule, in four queries whatever their number. */
export async function listMasters(db: Db, businessId: number, ids?: number[]): Promise<MasterView[]> {
  if (ids && ids.length === 0) return [];
  const rows = await listMasterRows(db, businessId, ids);
  if (rows.length === 0) return [];
  const masterIds = rows.map((row) => row.id);
  const links = await db
    .select({
      masterId: masterServices.masterId,
      serviceId: masterServices.serviceId,
      price: masterServices.price,
      duration: masterServices.duration,
    })
    .from(masterServices)
    .where(inArray(masterServices.masterId, masterIds));
  const serviceById = new Map((await listServices(db, businessId)).map((s) => [s.id, s]));
  const scheduled = await mastersWithSchedule(db, businessId, masterIds);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    services: links
      .filter((link) => link.masterId === row.id && serviceById.has(link.serviceId))
      .map((link) => masterServiceView(serviceById.get(link.serviceId)!, link))
      .sort((a, b) => a.id - b.id),
    has_schedule: scheduled.has(row.id),
    telegram_linked: row.telegramChatId !== null,
  }));
}

export async function findMaster(db: Db, businessId: number, id: number): Promise<MasterView | undefined> {
  const [view] = await listMasters(db, businessId, [id]);
  return view;
}

/**
 * The business's active masters, counted under a lock of the business row: call inside the
 * transaction that adds one, so parallel additions count one after another.
 */
export async function countActiveMastersLocked(db: Db, businessId: number): Promise<number> {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(masters)
    .where(activeMastersOf(businessId));
  return row!.count;
}

export async function insertMaster(db: Db, businessId: number, name: string): Promise<number> {
  const [row] = await db.insert(masters).values({ businessId, name }).returning({ id: masters.id });
  return row!.id;
}

export async function renameMaster(db: Db, id: number, name: string): Promise<void> {
  await db.update(masters).set({ name }).where(eq(masters.id, id));
}

/**
 * Call inside a transaction: the master row lock queues parallel replacements (else their inserts collide).
 * A service the master keeps keeps its own price and duration (CONTRACT.md §17).
 */
export async function replaceMasterServices(db: Db, masterId: number, serviceIds: number[]): Promise<void> {
  await db.select({ id: masters.id }).from(masters).where(eq(masters.id, masterId)).for('update');
  const unique = [...new Set(serviceIds)];
  const dropped = unique.length > 0 ? notInArray(masterServices.serviceId, unique) : undefined;
  await db.delete(masterServices).where(and(eq(masterServices.masterId, masterId), dropped));
  if (unique.length > 0)
    await db
      .insert(masterServices)
      .values(unique.map((serviceId) => ({ masterId, serviceId })))
      .onConflictDoNothing();
}

/** CONTRACT.md §17: the master's own price and duration for a service they do; false when they do not do it. */
export async function setMasterServiceTerms(db: Db, masterId: number, serviceId: number, terms: Partial<TermsOverride>): Promise<boolean> {
  const updated = await db
    .update(masterServices)
    .set(terms)
    .where(and(eq(masterServices.masterId, masterId), eq(masterServices.serviceId, serviceId)))
    .returning({ masterId: masterServices.masterId });
  return updated.length > 0;
}

/**
 * A service's own price, duration and buffer with a master's own price and duration for it (nulls when
 * the master has none or does not do it). Archived services too: a booking of one may still move.
 */
export async function serviceTermsWithMaster(
  db: Db,
  serviceId: number,
  masterId: number,
): Promise<{ price: number; duration: number; bufferAfter: number; override: TermsOverride } | undefined> {
  const [row] = await db
    .select({
      price: services.price,
      duration: services.duration,
      bufferAfter: services.bufferAfter,
      override: { price: masterServices.price, duration: masterServices.duration },
    })
    .from(services)
    .leftJoin(masterServices, and(eq(masterServices.serviceId, services.id), eq(masterServices.masterId, masterId)))
    .where(eq(services.id, serviceId))
    .limit(1);
  return row && { ...row, override: row.override ?? { price: null, duration: null } };
}

/** The own prices and durations of the active masters linked to each service of a business (for the public ranges). */
export async function linkTermsOfBusiness(db: Db, businessId: number): Promise<Map<number, TermsOverride[]>> {
  const rows = await db
    .select({ serviceId: masterServices.serviceId, price: masterServices.price, duration: masterServices.duration })
    .from(masterServices)
    .innerJoin(masters, eq(masters.id, masterServices.masterId))
    .where(activeMastersOf(businessId));
  const byService = new Map<number, TermsOverride[]>();
  for (const { serviceId, ...terms } of rows) byService.set(serviceId, [...(byService.get(serviceId) ?? []), terms]);
  return byService;
}

/**
 * A master that bookings reference is archived (kept on its bookings); otherwise removed with its links
 * and schedule. Not in a transaction: delete first, archive when the bookings' foreign key refuses (race-free).
 * Either way the remedy's generations are raised.
 */
export async function removeMaster(db: Db, businessId: number, id: number): Promise<void> {
  const where = and(eq(masters.id, id), eq(masters.businessId, businessId));
  try {
    await db.delete(masters).where(where);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    await db.update(masters).set({ archived: true }).where(where);
  }
  // An archived master keeps its row: what it granted ends with it (CONTRACT.md §11 fourth pass).
  await endCredentials(db, 'master_delete', { businessId, masterId: id });
}

/** The lowest-id active master linked to the service (bookings/assign-master.ts decides what a miss means). */
export async function firstMasterOfService(db: Db, businessId: number, serviceId: number): Promise<number | undefined> {
  const [linked] = await db
    .select({ id: masters.id })
    .from(masters)
    .innerJoin(masterServices, eq(masterServices.masterId, masters.id))
    .where(and(activeMastersOf(businessId), eq(masterServices.serviceId, serviceId)))
    .orderBy(asc(masters.id))
    .limit(1);
  return linked?.id;
}

/** The active masters linked to a service, ascending (CONTRACT.md §19: nobody linked means any master of the business). */
export async function linkedMasterIds(db: Db, businessId: number, serviceId: number): Promise<number[]> {
  const rows = await db
    .select({ id: masters.id })
    .from(masters)
    .innerJoin(masterServices, eq(masterServices.masterId, masters.id))
    .where(and(activeMastersOf(businessId), eq(masterServices.serviceId, serviceId)))
    .orderBy(asc(masters.id));
  return rows.map((row) => row.id);
}

export interface MasterOfService {
  id: number;
  name: string;
  /** Linked to the service (does it). */
  linked: boolean;
  /** The master's own price and duration for the service (nulls when none or not linked). */
  override: TermsOverride;
}

/** Every active master of the business, ascending, with their link to one service and its terms: "any master"'s candidates. */
export async function mastersWithService(db: Db, businessId: number, serviceId: number): Promise<MasterOfService[]> {
  return (await mastersWithServices(db, businessId, [serviceId])).get(serviceId)!;
}

/** The same for several services in one read (a visit's items): per service id, every active master, ascending. */
export async function mastersWithServices(
  db: Db,
  businessId: number,
  serviceIds: readonly number[],
): Promise<Map<number, MasterOfService[]>> {
  const rows = await db
    .select({
      id: masters.id,
      name: masters.name,
      linkedTo: masterServices.serviceId,
      price: masterServices.price,
      duration: masterServices.duration,
    })
    .from(masters)
    .leftJoin(masterServices, and(eq(masterServices.masterId, masters.id), inArray(masterServices.serviceId, [...serviceIds])))
    .where(activeMastersOf(businessId))
    .orderBy(asc(masters.id));
  const byMaster = new Map<number, { name: string; links: Map<number, TermsOverride> }>();
  for (const row of rows) {
    const master = byMaster.get(row.id) ?? { name: row.name, links: new Map<number, TermsOverride>() };
    if (row.linkedTo !== null) master.links.set(row.linkedTo, { price: row.price, duration: row.duration });
    byMaster.set(row.id, master);
  }
  const ofService = (serviceId: number): MasterOfService[] =>
    [...byMaster].map(([id, master]) => {
      const link = master.links.get(serviceId);
      return { id, name: master.name, linked: link !== undefined, override: link ?? { price: null, duration: null } };
    });
  return new Map(serviceIds.map((serviceId) => [serviceId, ofService(serviceId)]));
}
