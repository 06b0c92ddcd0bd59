/** Masters of a business: creating one and changing its name or services, each in one transaction. */
import type { Db } from '../../db/client.js';
import { invalidInput, notFound } from '../../core/errors.js';
import { findMaster, findMasterRow, insertMaster, renameMaster, replaceMasterServices, type MasterView } from './masters.queries.js';
import { listServices } from './services.queries.js';

/** Every linked service must be an active service of the same business. */
async function checkedServiceIds(db: Db, businessId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await listServices(db, businessId, unique);
  if (found.length !== unique.length) throw invalidInput('service_ids names a service that does not exist', 'service_ids');
  return unique;
}

/** A new master with its services, written together. */
export async function createMaster(db: Db, businessId: number, name: string, serviceIds: number[]): Promise<MasterView> {
  const checked = await checkedServiceIds(db, businessId, serviceIds);
  const id = await db.transaction(async (tx) => {
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
