/**
 * CONTRACT.md §20 in the panel, pure: which shown bookings are items of one visit, so the calendar draws them
 * as one linked group (one colour of a small palette per visit, in its columns and days alike) and a
 * client's history shows a visit as one line.
 */
import { visitStatus } from '@core/visit-status.js';

/** How many colours the calendar tells visits apart by (visit.css `.visit-c0` … `.visit-c5`). */
export const VISIT_COLOURS = 6;

export interface VisitMark {
  visitId: string;
  /** How many of the visit's bookings are shown. */
  size: number;
  /** The visit's colour group, 0 … VISIT_COLOURS - 1: visits in time order take the next one. */
  colour: number;
}

interface VisitBooking {
  id: string;
  visit_id?: string | null;
  start_at: string;
}

/** The mark of each booking that is an item of a visit (by booking id); single bookings have none. */
export function visitMarks(bookings: readonly VisitBooking[]): Map<string, VisitMark> {
  const byVisit = new Map<string, VisitBooking[]>();
  for (const booking of bookings) {
    if (!booking.visit_id) continue;
    const items = byVisit.get(booking.visit_id) ?? [];
    items.push(booking);
    byVisit.set(booking.visit_id, items);
  }
  const visits = [...byVisit.entries()]
    .map(([visitId, items]) => ({
      visitId,
      items,
      start: items.reduce((min, b) => (b.start_at < min ? b.start_at : min), items[0]!.start_at),
    }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.visitId.localeCompare(b.visitId));
  const marks = new Map<string, VisitMark>();
  visits.forEach(({ visitId, items }, index) => {
    for (const booking of items) marks.set(booking.id, { visitId, size: items.length, colour: index % VISIT_COLOURS });
  });
  return marks;
}

/** One line of a list: a single booking, or a visit with its items in time order. */
export type HistoryLine<B> =
  { kind: 'booking'; booking: B } | { kind: 'visit'; visitId: string; items: B[]; status: string; total: number };

/** A list of bookings with each visit's bookings gathered on the line where its first one appears. */
export function historyLines<B extends VisitBooking & { status: string; price_snapshot: number }>(
  bookings: readonly B[],
): HistoryLine<B>[] {
  const lines: HistoryLine<B>[] = [];
  const visits = new Map<string, Extract<HistoryLine<B>, { kind: 'visit' }>>();
  for (const booking of bookings) {
    if (!booking.visit_id) {
      lines.push({ kind: 'booking', booking });
      continue;
    }
    const known = visits.get(booking.visit_id);
    if (known) known.items.push(booking);
    else {
      const line = { kind: 'visit' as const, visitId: booking.visit_id, items: [booking], status: '', total: 0 };
      visits.set(booking.visit_id, line);
      lines.push(line);
    }
  }
  for (const line of visits.values()) {
    line.items.sort((a, b) => a.start_at.localeCompare(b.start_at));
    line.status = visitStatus(line.items.map((item) => item.status));
    line.total = line.items.reduce((sum, item) => sum + item.price_snapshot, 0);
  }
  return lines;
}

/**
 * Whether a list of bookings may hold only some of a visit's items (decision 0094): the owner narrowed it to a master
 * or a status, or it stops at its cap. Its visit lines then say how many items are in the list, not the visit's size.
 */
export function mayCutVisits(list: { master_id: string; status: string; shown: number; cap: number }): boolean {
  return list.master_id !== '' || list.status !== '' || list.shown >= list.cap;
}
