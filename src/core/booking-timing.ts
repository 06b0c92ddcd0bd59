/** When a booking ends: SPEC.md "end_at = start_at + duration", the one place that adds them. */
import { addMinutes, type NaiveDateTime } from './wallclock.js';

/** A booking ends `durationMinutes` after it starts, on the wall clock (a day boundary is crossed as any minute). */
export const bookingEnd = (startAt: NaiveDateTime, durationMinutes: number): NaiveDateTime => addMinutes(startAt, durationMinutes);
