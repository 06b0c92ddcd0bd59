/**
 * Micro-benchmark of the pure availability rules (no I/O): one day with 50
 * masters and 500 bookings. Run alone with `npx tsx bench/micro.ts`;
 * `npm run bench` runs it too and puts the numbers in RESULTS.md.
 */
import { pathToFileURL } from 'node:url';
import { aggregateSlots, singleMasterSlots, type DaySchedule, type MasterDay, type TimedBooking } from '../src/core/availability.js';
import { addMinutes, combine, fromMinutes } from '../src/core/wallclock.js';

const DAY = '2026-11-24';
const SCHEDULE: DaySchedule = { startTime: '09:00', endTime: '18:00', breakStartTime: '13:00', breakEndTime: '14:00', isActive: true };
const STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected'];

/** `count` bookings of 15-90 minutes spread over the working day, in a fixed pseudo-random order. */
function bookingsOfDay(count: number, seed: number): TimedBooking[] {
  const result: TimedBooking[] = [];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < count; i += 1) {
    const start = combine(DAY, fromMinutes(9 * 60 + (next() % 520)));
    result.push({ startAt: start, endAt: addMinutes(start, 15 + (next() % 76)), status: STATUSES[next() % STATUSES.length]! });
  }
  return result;
}

export interface MicroResult {
  name: string;
  calls: number;
  microsPerCall: number;
}

/** Median of several timed batches, after a warm-up that lets the JIT settle. */
function measure(name: string, fn: () => unknown, batch = 200, rounds = 15): MicroResult {
  for (let i = 0; i < batch * 3; i += 1) fn();
  const perCall: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < batch; i += 1) fn();
    perCall.push(Number(process.hrtime.bigint() - started) / 1000 / batch);
  }
  perCall.sort((a, b) => a - b);
  return { name, calls: batch * rounds, microsPerCall: perCall[Math.floor(rounds / 2)]! };
}

export function runMicro(): MicroResult[] {
  const MASTERS = 50;
  const BOOKINGS = 500;
  // 500 bookings on the day, 10 per master: the realistic reading of "50 masters x 500 bookings".
  const spread: MasterDay[] = Array.from({ length: MASTERS }, (_, m) => ({
    schedule: SCHEDULE,
    bookings: bookingsOfDay(BOOKINGS / MASTERS, m + 1),
  }));
  // The harsh reading: every one of the 50 masters has 500 bookings (25 000 in all).
  const dense: MasterDay[] = Array.from({ length: MASTERS }, (_, m) => ({
    schedule: SCHEDULE,
    bookings: bookingsOfDay(BOOKINGS, m + 1),
  }));
  const oneMaster = bookingsOfDay(BOOKINGS, 7);
  return [
    measure('aggregateSlots, 50 masters, 500 bookings in all', () => aggregateSlots(DAY, spread)),
    measure('singleMasterSlots, 1 master with 500 bookings', () => singleMasterSlots(DAY, SCHEDULE, oneMaster)),
    measure('aggregateSlots, 50 masters x 500 bookings each (25 000)', () => aggregateSlots(DAY, dense), 20, 9),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of runMicro()) console.log(`${result.name}: ${result.microsPerCall.toFixed(1)} µs per call`);
}
