import type { BookingStatus } from '../../db/schema.js';
import { fromDbTimestamp, type NaiveDateTime } from '../../core/wallclock.js';

/** A booking with what every reader of it needs: service, master and client. */
export interface BookingView {
  id: string;
  businessId: number;
  status: BookingStatus;
  startAt: NaiveDateTime;
  endAt: NaiveDateTime;
  priceSnapshot: number;
  notes: string | null;
  /** CONTRACT.md §20: the visit it is an item of, null for a single booking. */
  visitId?: string | null;
  /** CONTRACT.md §14: naive wall-clock of the app's clock; updated_at moves with every change. */
  createdAt: NaiveDateTime;
  updatedAt: NaiveDateTime;
  service: { id: number; name: string; duration: number; price: number };
  master: { id: number; name: string };
  client: { id: number; phone: string; firstName: string };
}

export function bookingBody(view: BookingView) {
  return {
    id: view.id,
    status: view.status,
    start_at: fromDbTimestamp(view.startAt),
    end_at: fromDbTimestamp(view.endAt),
    price_snapshot: view.priceSnapshot,
    notes: view.notes,
    visit_id: view.visitId ?? null,
    service: view.service,
    master: view.master,
    client: { id: view.client.id, phone: view.client.phone, first_name: view.client.firstName },
    created_at: fromDbTimestamp(view.createdAt),
    updated_at: fromDbTimestamp(view.updatedAt),
  };
}
