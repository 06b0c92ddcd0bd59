/** The super admin's lists of every business and booking, and the deletion of a business. */
import type { Db } from '../../db/client.js';
import type { BookingStatus } from '../../db/schema.js';
import { notFound } from '../../core/errors.js';
import { addDays } from '../../core/wallclock.js';
import { MAX_PAGE, pageTotal } from '../../http/schemas.js';
import { listBookingViews } from '../bookings/bookings.queries.js';
import { bookingBody } from '../bookings/view.js';
import {
  businessSlugs,
  countBusinesses,
  countOperatorBookings,
  deleteBusinessCompletely,
  listBusinessesWithCounts,
} from './superadmin.queries.js';

/** limit and offset as the caller gave them: no limit means MAX_PAGE. */
export interface PageAsked {
  limit?: number;
  offset?: number;
}

const pageOf = (asked: PageAsked) => ({ limit: asked.limit ?? MAX_PAGE, offset: asked.offset });

/** A page of businesses whose name, slug or admin e-mail contains q, with their bookings counted. */
export async function listBusinessOverviews(db: Db, q: string | undefined, asked: PageAsked) {
  const page = pageOf(asked);
  const rows = await listBusinessesWithCounts(db, q, page);
  return { rows, total: await pageTotal(rows.length, page, () => countBusinesses(db, q)) };
}

/** What GET /superadmin/bookings filters by; dates are days, both included. */
export interface AllBookingsQuery {
  businessId?: number;
  dateFrom?: string;
  dateTo?: string;
  businessText?: string;
  status?: BookingStatus;
}

/** A page of the bookings of every business, each with its business's id, slug and name. */
export async function listAllBookings(db: Db, query: AllBookingsQuery, asked: PageAsked) {
  const filter = {
    businessId: query.businessId,
    from: query.dateFrom ? `${query.dateFrom}T00:00:00` : undefined,
    to: query.dateTo ? `${addDays(query.dateTo, 1)}T00:00:00` : undefined,
    businessText: query.businessText,
    status: query.status,
  };
  const page = pageOf(asked);
  const views = await listBookingViews(db, filter, page);
  const total = await pageTotal(views.length, page, () => countOperatorBookings(db, filter));
  const owners = await businessSlugs(db, [...new Set(views.map((view) => view.businessId))]);
  const rows = views.map((view) => ({
    ...bookingBody(view),
    business: owners.get(view.businessId) ?? { id: view.businessId, slug: '', name: '' },
  }));
  return { rows, total };
}

/** Deletes the business with everything it owns; 404 when there is no such business. */
export async function deleteBusiness(db: Db, businessId: number): Promise<void> {
  if (!(await deleteBusinessCompletely(db, businessId))) throw notFound('Business');
}
