/** Who takes a booking (SPEC.md booking creation, rule 4): the master asked for, or one assigned. */
import type { Db } from '../../db/client.js';
import { findMasterRow, firstMasterOfService, listMasterRows, type MasterRow } from '../catalog/masters.queries.js';

/** Auto-assignment: the first active master linked to the service, else the first active master at all. */
export async function autoAssignMaster(db: Db, businessId: number, serviceId: number): Promise<number | undefined> {
  const linked = await firstMasterOfService(db, businessId, serviceId);
  if (linked !== undefined) return linked;
  const [any] = await listMasterRows(db, businessId);
  return any?.id;
}

/** The requested master (undefined when not of this business) or the auto-assigned one; `picked` says which. */
export async function masterForBooking(
  db: Db,
  businessId: number,
  serviceId: number,
  masterId: number | null | undefined,
): Promise<{ master: MasterRow | undefined; picked: boolean }> {
  if (masterId !== undefined && masterId !== null) return { master: await findMasterRow(db, businessId, masterId), picked: false };
  const picked = await autoAssignMaster(db, businessId, serviceId);
  return { master: picked === undefined ? undefined : await findMasterRow(db, businessId, picked), picked: true };
}
