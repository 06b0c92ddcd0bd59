/**
 * Calendar geometry: the visible hours of a day and the side-by-side lanes of
 * bookings that overlap. The service allows overlaps (SPEC.md: no overlap
 * check), so the owner must see them: every booking that shares a minute with
 * another active one of the same master is flagged.
 */
import { occupiesTime } from '@core/booking-status.js';
import { minutes } from '../common/dates.js';

/** The hours' axis on the grid's left. */
export const AXIS_PX = 56;

/**
 * The narrowest a master's column gets before the grid scrolls sideways: a laptop's week of two masters fits
 * (the owner plans a week at a glance) from 1024 px, where a column is about 54 px, still a time and a name;
 * a phone's week scrolls sideways.
 */
export function columnWidth(view: 'day' | 'week', narrow: boolean): number {
  if (view === 'day') return 180;
  return narrow ? 92 : 52;
}

/** One column of the calendar: a master. */
export interface Column {
  masterId: number;
  name: string;
}

export interface ScheduleDayRow {
  start_time: string;
  end_time: string;
  break_start_time: string | null;
  break_end_time: string | null;
  is_active: boolean;
}

export interface BlockBooking {
  id: string;
  status: string;
  start_at: string;
  end_at: string;
}

const startMinute = (b: BlockBooking) => minutes(b.start_at.slice(11, 16));
/** An end on a later day counts as the end of this day. */
const endMinute = (b: BlockBooking) => (b.end_at.slice(0, 10) > b.start_at.slice(0, 10) ? 1440 : minutes(b.end_at.slice(11, 16)));

export interface PlacedBooking<B extends BlockBooking> {
  booking: B;
  start: number;
  end: number;
  lane: number;
  lanes: number;
  overlaps: boolean;
}

/**
 * Greedy lane assignment over groups of transitively overlapping bookings. `minMinutes`: a block
 * drawn taller than its time (MIN_BLOCK_PX) takes that many minutes of room, so a short booking
 * right before another gets its own lane instead of covering its text; only real overlaps are flagged.
 */
export function placeBookings<B extends BlockBooking>(bookings: readonly B[], minMinutes = 1): PlacedBooking<B>[] {
  const items = bookings
    .map((booking) => ({ booking, start: startMinute(booking), end: Math.max(endMinute(booking), startMinute(booking) + 1) }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const placed: PlacedBooking<B>[] = [];
  let group: PlacedBooking<B>[] = [];
  let groupEnd = -1;
  let laneEnds: number[] = [];
  const closeGroup = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of items) {
    const roomEnd = Math.max(item.end, item.start + minMinutes);
    if (item.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = roomEnd;
    const entry = { ...item, lane, lanes: 1, overlaps: false };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, roomEnd);
  }
  closeGroup();
  const active = placed.filter((p) => occupiesTime(p.booking.status));
  for (const a of active) a.overlaps = active.some((b) => b !== a && a.start < b.end && b.start < a.end);
  return placed;
}

/** The hours to draw: the union of the working windows and the bookings, whole hours, 8-20 when nothing is known. */
export function visibleRange(days: readonly (ScheduleDayRow | undefined)[], bookings: readonly BlockBooking[]): [number, number] {
  let from = Infinity;
  let to = -Infinity;
  for (const day of days) {
    if (!day || !day.is_active) continue;
    from = Math.min(from, minutes(day.start_time));
    to = Math.max(to, minutes(day.end_time));
  }
  for (const b of bookings) {
    from = Math.min(from, startMinute(b));
    to = Math.max(to, endMinute(b));
  }
  if (!Number.isFinite(from)) return [8 * 60, 20 * 60];
  return [Math.floor(from / 60) * 60, Math.min(1440, Math.ceil(to / 60) * 60)];
}

/** Shaded spans of a day: before opening, the break, after closing; the whole range on a day off. */
export function closedSpans(day: ScheduleDayRow | undefined, range: [number, number]): Array<[number, number]> {
  const [from, to] = range;
  if (!day || !day.is_active) return [[from, to]];
  const spans: Array<[number, number]> = [];
  const open = minutes(day.start_time);
  const close = minutes(day.end_time);
  if (open > from) spans.push([from, Math.min(open, to)]);
  if (day.break_start_time && day.break_end_time) spans.push([minutes(day.break_start_time), minutes(day.break_end_time)]);
  if (close < to) spans.push([Math.max(close, from), to]);
  return spans.filter(([s, e]) => e > s);
}

/** A block is never shorter than one line of text and its padding: a 15- or 30-minute booking stays readable. */
export const MIN_BLOCK_PX = 26;

/** Top and height of a booking block in a grid that starts at minute `from`, `perMinute` px a minute. */
export function blockBox(start: number, end: number, from: number, perMinute: number): { top: number; height: number } {
  return { top: (start - from) * perMinute, height: Math.max(MIN_BLOCK_PX, (end - start) * perMinute) };
}

type LineBooking = { start_at: string; client: { first_name: string }; service: { name: string } };

/** Who and what: "Бауыржан · Стрижка". */
export const bookingWhat = (booking: LineBooking): string => `${booking.client.first_name} · ${booking.service.name}`;

/**
 * CONTRACT.md §17: the buffer after each booking that occupies time, as [end, end + buffer) minutes of
 * its day, cut at `dayEnd` (the grid's last minute); none for a service without one.
 */
export function bufferSpans<B extends BlockBooking & { service: { id: number } }>(
  bookings: readonly B[],
  bufferOf: ReadonlyMap<number, number> | undefined,
  dayEnd: number,
): { id: string; start: number; end: number }[] {
  return bookings.flatMap((booking) => {
    const buffer = bufferOf?.get(booking.service.id) ?? 0;
    const end = endMinute(booking);
    if (buffer <= 0 || !occupiesTime(booking.status) || end >= dayEnd) return [];
    return [{ id: booking.id, start: end, end: Math.min(dayEnd, end + buffer) }];
  });
}
