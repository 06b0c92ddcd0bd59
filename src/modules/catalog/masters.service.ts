/** Masters of a business: creating one and changing its name or services, each in one transaction. */
import type { Db } from '../../db/client.js';
import { DomainError, invalidInput, notFound } from '../../core/errors.js';
import {
  countActiveMastersLocked,
  findMaster,
  findMasterRow,
  insertMaster,
  removeMaster,
  renameMaster,
  replaceMasterServices,
  setMasterServiceTerms,
  type MasterView,
} from './masters.queries.js';
import type { TermsOverride } from '../../core/master-terms.js';
import { listServices } from './services.queries.js';

/** Every linked service must be an active service of the same business. */
async function checkedServiceIds(db: Db, businessId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await listServices(db, businessId, unique);
  if (found.length !== unique.length) throw invalidInput('service_ids names a service that does not exist', 'service_ids');
  return unique;
}

/** CONTRACT.md §11 fourth pass: public work per request is bounded by what one salon can be. */
export const MAX_ACTIVE_MASTERS = 300;

/** A business has at most 300 active masters: the 301st is 409 `limit_reached`. Inside the adding transaction. */
async function assertRoomForMaster(tx: Db, businessId: number): Promise<void> {
  if ((await countActiveMastersLocked(tx, businessId)) >= MAX_ACTIVE_MASTERS)
    throw new DomainError('limit_reached', `A business has at most ${MAX_ACTIVE_MASTERS} active masters`);
}

/** A new master with its services, written together. */
export async function createMaster(db: Db, businessId: number, name: string, serviceIds: number[]): Promise<MasterView> {
  const checked = await checkedServiceIds(db, businessId, serviceIds);
  const id = await db.transaction(async (tx) => {
    await assertRoomForMaster(tx, businessId);
    const masterId = await insertMaster(tx, businessId, name.trim());
    await replaceMasterServices(tx, masterId, checked);
    return masterId;
  });
  return (await findMaster(db, businessId, id))!;
}

/** Renames a master of the business and/or replaces their services; 404 for another business's master. */
export async function updateMaster(
  db: Db,
  businessId: number,
  id: number,
  change: { name?: string; serviceIds?: number[] },
): Promise<MasterView> {
  if (!(await findMasterRow(db, businessId, id))) throw notFound('Master');
  const serviceIds = change.serviceIds === undefined ? undefined : await checkedServiceIds(db, businessId, change.serviceIds);
  await db.transaction(async (tx) => {
    if (change.name !== undefined) await renameMaster(tx, id, change.name.trim());
    if (serviceIds !== undefined) await replaceMasterServices(tx, id, serviceIds);
  });
  return (await findMaster(db, businessId, id))!;
}

/**
 * CONTRACT.md §17: the master's own price and/or duration for a service they do (null removes it,
 * an absent field stays); 404 for another business's master or a service the master does not do.
 */
export async function setMasterServiceOverride(
  db: Db,
  businessId: number,
  masterId: number,
  serviceId: number,
  change: Partial<TermsOverride>,
): Promise<MasterView> {
  const master = await findMaster(db, businessId, masterId);
  if (!master) throw notFound('Master');
  if (!master.services.some((service) => service.id === serviceId)) throw notFound('Service');
  const values = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<TermsOverride>;
  if (Object.keys(values).length === 0) return master;
  if (!(await setMasterServiceTerms(db, masterId, serviceId, values))) throw notFound('Service');
  return (await findMaster(db, businessId, masterId))!;
}

/** 404 when the master is not the business's. */
export async function getMaster(db: Db, businessId: number, id: number): Promise<MasterView> {
  const master = await findMaster(db, businessId, id);
  if (!master) throw notFound('Master');
  return master;
}

/** 404 when the master is not the business's. */
export async function deleteMaster(db: Db, businessId: number, id: number): Promise<void> {
  if (!(await findMasterRow(db, businessId, id))) throw notFound('Master');
  await removeMaster(db, businessId, id);
}
