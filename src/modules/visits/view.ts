/** A visit (CONTRACT.md §20) as its readers need it: its bookings in order and what they add up to. */
import { visitStatus, type VisitStatus } from '../../core/visit-status.js';
import { bookingBody, type BookingView } from '../bookings/view.js';
import type { BookingStatus } from '../../db/schema.js';

export interface VisitView {
  id: string;
  status: VisitStatus<BookingStatus>;
  startAt: string;
  endAt: string;
  totalPrice: number;
  bookings: BookingView[];
}

/** The visit its bookings (in time order, at least one) make. */
export function visitOf(id: string, bookings: readonly BookingView[]): VisitView {
  return {
    id,
    status: visitStatus(bookings.map((booking) => booking.status)),
    startAt: bookings[0]!.startAt,
    endAt: bookings.at(-1)!.endAt,
    totalPrice: bookings.reduce((sum, booking) => sum + booking.priceSnapshot, 0),
    bookings: [...bookings],
  };
}

export function visitBody(visit: VisitView) {
  return {
    id: visit.id,
    status: visit.status,
    start_at: visit.startAt,
    end_at: visit.endAt,
    total_price: visit.totalPrice,
    bookings: visit.bookings.map(bookingBody),
  };
}
