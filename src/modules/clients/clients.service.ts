/** The business's clients: a searchable list, the client card, and a change of name or notes. */
import type { Db } from '../../db/client.js';
import { notFound } from '../../core/errors.js';
import { MAX_PAGE, pageTotal } from '../../http/schemas.js';
import { clientBookingViews } from '../bookings/bookings.queries.js';
import { bookingBody } from '../bookings/view.js';
import type { ClientRow } from '../bookings/client-record.js';
import { clientBody, clientStats, countClients, findClient, listClients, updateClient } from './clients.queries.js';
import { CARD_BOOKINGS } from './clients.schemas.js';

/** One page of the clients matching `q` (1000 when no limit is given), and how many match in all. */
export async function searchClients(db: Db, businessId: number, query: { q?: string; limit?: number; offset?: number }, now: string) {
  const { q, limit, offset } = query;
  const page = { limit: limit ?? MAX_PAGE, offset };
  const rows = await listClients(db, businessId, q, now, page);
  return { rows, total: await pageTotal(rows.length, page, () => countClients(db, businessId, q)) };
}

async function ownClient(db: Db, businessId: number, id: number): Promise<ClientRow> {
  const client = await findClient(db, businessId, id);
  if (!client) throw notFound('Client');
  return client;
}

/** The client card: contact, notes, visit statistics and the newest bookings. */
export async function getClientCard(db: Db, businessId: number, id: number, now: string) {
  const client = await ownClient(db, businessId, id);
  const [stats, views] = await Promise.all([clientStats(db, client.id, now), clientBookingViews(db, businessId, client.id, CARD_BOOKINGS)]);
  return { ...clientBody(client), ...stats, bookings: views.map(bookingBody) };
}

/** Changes the name (trimmed) or notes given; with neither, answers the client as it is. */
export async function changeClient(db: Db, businessId: number, id: number, input: { first_name?: string; notes?: string | null }) {
  const client = await ownClient(db, businessId, id);
  const values: { firstName?: string; notes?: string | null } = {};
  if (input.first_name !== undefined) values.firstName = input.first_name.trim();
  if (input.notes !== undefined) values.notes = input.notes;
  return clientBody(Object.keys(values).length ? await updateClient(db, client.id, values) : client);
}
