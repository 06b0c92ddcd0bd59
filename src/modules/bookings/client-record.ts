/**
 * SPEC.md rule 6 of booking creation: a booking records its client (found by phone in the
 * business, or created). The client card and lists read clients in src/modules/clients/.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients } from '../../db/schema.js';

export type ClientRow = typeof clients.$inferSelect;

/** A client's notes keep their newest characters up to this length (every booking appends to them). */
export const CLIENT_NOTES_MAX = 2000;

/** SPEC.md rule 6: on a repeat booking the client's notes get the new notes appended on a new line; the oldest text goes first. */
export const appendedClientNotes = sql`CASE
  WHEN excluded.notes IS NULL OR excluded.notes = '' THEN ${clients.notes}
  WHEN ${clients.notes} IS NULL OR ${clients.notes} = '' THEN excluded.notes
  ELSE right(${clients.notes} || E'\n' || excluded.notes, ${sql.raw(String(CLIENT_NOTES_MAX))}) END`;

/**
 * SPEC.md rule 6 of booking creation: find the client by (phone, business) or
 * create it; a found client gets first_name updated and notes appended on a new line.
 * One statement, so two first bookings of one phone cannot create two clients.
 * (A booking, public or the owner's, does this inside its own insert: bookings/bookings.queries.ts insertBooking.)
 */
export async function upsertClient(db: Db, businessId: number, phone: string, firstName: string, notes: string | null): Promise<ClientRow> {
  const [row] = await db
    .insert(clients)
    .values({ businessId, phone, firstName, notes })
    .onConflictDoUpdate({
      target: [clients.businessId, clients.phone],
      set: { firstName: sql`excluded.first_name`, notes: appendedClientNotes },
    })
    .returning();
  return row!;
}
