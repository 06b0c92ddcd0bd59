/**
 * The owner's side of CONTRACT.md §19 in the panel, pure: who a booking may move to (the masters who do its
 * service, as the server's master_not_for_service rule), what that master charges, and which booking a
 * new one would sit on (the warning before a walk-in on top of another booking, decision 0076).
 */
import { anyMasterCandidates } from '@core/any-master.js';
import { occupiesTime } from '@core/booking-status.js';
import { addMinutes, combine } from '@core/wallclock.js';

/**
 * The masters a booking of `serviceId` may go to: those linked to the service, or all when nobody is
 * (SPEC.md's "any master"); `current` (the booking's own master, maybe archived or unlinked since) stays.
 */
export function mastersForService<M extends { id: number; services: ReadonlyArray<{ id: number }> }>(
  masters: readonly M[],
  serviceId: number,
  current?: M,
): M[] {
  const linked = masters.filter((m) => m.services.some((s) => s.id === serviceId)).map((m) => m.id);
  const ids = new Set(
    anyMasterCandidates(
      masters.map((m) => m.id),
      linked,
    ),
  );
  const allowed = masters.filter((m) => ids.has(m.id));
  return current && !allowed.some((m) => m.id === current.id) ? [...allowed, current] : allowed;
}

/**
 * What a new booking with `master` may be for: their own services (with their durations), else, for a
 * master nobody linked to anything, the services nobody is linked to (any other is master_not_for_service).
 */
export function servicesOfMaster<S extends { id: number }>(
  master: { services: readonly S[] } | undefined,
  all: readonly S[],
  masters: ReadonlyArray<{ services: ReadonlyArray<{ id: number }> }>,
): readonly S[] {
  if (master && master.services.length > 0) return master.services;
  return all.filter((service) => !masters.some((m) => m.services.some((s) => s.id === service.id)));
}

/** The master's own price of the service (CONTRACT.md §17), undefined when they do not list it. */
export const priceOf = (
  master: { services: ReadonlyArray<{ id: number; price: number }> } | undefined,
  serviceId: number,
): number | undefined => master?.services.find((s) => s.id === serviceId)?.price;

export interface DayBooking {
  id: string;
  start_at: string;
  end_at: string;
  status: string;
  client: { first_name: string };
}

/**
 * The first booking that occupies time (SPEC.md statuses) and overlaps [date time, + duration): what the
 * owner is warned about. Buffers are left out: the warning names times the calendar shows.
 */
export function clashOf<B extends DayBooking>(bookings: readonly B[], date: string, time: string, duration: number): B | undefined {
  const start = combine(date, time);
  const end = addMinutes(start, duration);
  return bookings
    .filter((b) => occupiesTime(b.status) && b.start_at < end && start < b.end_at)
    .sort((a, b) => a.start_at.localeCompare(b.start_at))[0];
}
