/**
 * Which masters act for a business: its own and not archived (an archived master stays only on its
 * past bookings). One home for that rule, so every query that picks a master reads it the same way.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { type businesses, masters } from './schema.js';

/** A business's id, or its column in a query that reads the business (bookings/lookup.queries.ts). */
export const activeMastersOf = (businessId: number | typeof businesses.id): SQL =>
  and(eq(masters.businessId, businessId), eq(masters.archived, false))!;

export const activeMasterOf = (businessId: number, masterId: number): SQL => and(eq(masters.id, masterId), activeMastersOf(businessId))!;
