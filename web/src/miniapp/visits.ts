/** The client's visits as «Мои записи» shows them (CONTRACT.md §18): pure, for the page and its tests. */

/** What the split reads of a booking of GET /public/{slug}/my-bookings. */
export interface Visit {
  status: string;
  start_at: string;
  end_at: string;
}

/** Upcoming (not yet ended nor cancelled or rejected, soonest first) and past (newest first); the answer comes newest start first. */
export function splitByNow<B extends Visit>(bookings: readonly B[], now: string): { upcoming: B[]; past: B[] } {
  const upcoming = bookings.filter((b) => b.end_at > now && b.status !== 'cancelled' && b.status !== 'rejected').reverse();
  return { upcoming, past: bookings.filter((b) => !upcoming.includes(b)) };
}

/** What the grouping reads of a booking: its visit (CONTRACT.md §20), null for a single booking. */
export interface VisitItem extends Visit {
  id: string;
  visit_id?: string | null;
}

/** One line of «Мои записи»: a single booking, or a visit with its items in time order. */
export interface VisitLine<B extends VisitItem> extends Visit {
  id: string;
  items: B[];
}

/**
 * CONTRACT.md §20 "my-bookings show a visit as one line with its items": the bookings of one visit merged
 * into the line of its first item, from its first start to its last end; the status the items share, else
 * "mixed". Lines keep the answer's order (newest start first).
 */
export function visitLines<B extends VisitItem>(bookings: readonly B[]): VisitLine<B>[] {
  const lines: VisitLine<B>[] = [];
  const byVisit = new Map<string, VisitLine<B>>();
  for (const booking of bookings) {
    const visitId = booking.visit_id ?? null;
    const line = visitId ? byVisit.get(visitId) : undefined;
    if (!line) {
      const made = { id: booking.id, status: booking.status, start_at: booking.start_at, end_at: booking.end_at, items: [booking] };
      lines.push(made);
      if (visitId) byVisit.set(visitId, made);
      continue;
    }
    line.items.push(booking);
    line.items.sort((a, b) => a.start_at.localeCompare(b.start_at));
    line.start_at = line.items[0]!.start_at;
    line.end_at = line.items.reduce((end, item) => (item.end_at > end ? item.end_at : end), line.items[0]!.end_at);
    line.status = line.items.every((item) => item.status === line.items[0]!.status) ? line.items[0]!.status : 'mixed';
    line.id = line.items[0]!.id;
  }
  return lines;
}
