/** The visit a provider's request names (CONTRACT.md §20): of the caller's business, and for a master's token one with an item of theirs (§16). */
import { Type } from '@sinclair/typebox';
import { notFound } from '../../core/errors.js';
import { isUuid } from '../../core/uuid.js';
import type { Db } from '../../db/client.js';
import type { BookingView } from '../bookings/view.js';
import { visitBookings } from './visits.queries.js';

/** Visit ids are UUIDs; anything else simply names no visit (404), like another business's id. */
export const VisitIdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** The visit's bookings in order; another business's visit, or for a master's token one with none of theirs, is 404. */
export async function findOwnVisitItems(db: Db, businessId: number, id: string, masterId: number | undefined): Promise<BookingView[]> {
  const items = isUuid(id) ? await visitBookings(db, businessId, id) : [];
  if (items.length === 0 || (masterId !== undefined && !items.some((item) => item.master.id === masterId))) throw notFound('Visit');
  return items;
}
