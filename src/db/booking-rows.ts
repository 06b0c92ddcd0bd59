/**
 * Bookings with their service, master and client: the one select every list of bookings starts from
 * (the panel's list and card, exports, a master's calendar feed, the client's own visits), so a
 * column or a join is named once. Times come as the database gives them; readers normalize.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './driver.js';
import { bookings, clients, masters, services } from './schema.js';

const bookingRowColumns = {
  id: bookings.id,
  businessId: bookings.businessId,
  status: bookings.status,
  startAt: bookings.startAt,
  endAt: bookings.endAt,
  priceSnapshot: bookings.priceSnapshot,
  notes: bookings.notes,
  visitId: bookings.visitId,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  service: { id: services.id, name: services.name, duration: services.duration, price: services.price },
  master: { id: masters.id, name: masters.name },
  client: { id: clients.id, phone: clients.phone, firstName: clients.firstName },
};

export function selectBookingRows(db: Db) {
  return db
    .select(bookingRowColumns)
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(masters, eq(masters.id, bookings.masterId))
    .innerJoin(clients, eq(clients.id, bookings.clientId));
}
