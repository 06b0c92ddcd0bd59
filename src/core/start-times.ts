/**
 * Start times a client (web page, mini app) or the bot may offer: every `step`
 * minutes inside the working window where the whole duration fits and where
 * the duration and the service's buffer after it (CONTRACT.md §17) touch no busy
 * interval. The buffer may run past the working window's end (tidying up after
 * closing), never into a booking, a break or the notice. Pure, so the web build imports it too.
 */
import { fromMinutes, toMinutes } from './wallclock.js';

/** The 15-minute grid every start time is offered on: the pages, the bot, /days and if_free's `free_times`. */
export const START_STEP = 15;

export interface WindowAnswer {
  work_start: string;
  work_end: string;
  busy_intervals: ReadonlyArray<readonly [string, string]>;
}

export interface StartTimeOptions {
  step?: number;
  /** Minutes since midnight before which nothing is offered (e.g. "now" for today). */
  notBefore?: number;
  /** The service's buffer_after: minutes after the end that must be free of busy intervals too. */
  bufferAfter?: number;
}

/** An answer read once into minutes: what every "does it fit" check below compares against. */
interface MinuteWindow {
  open: number;
  close: number;
  busy: ReadonlyArray<readonly [number, number]>;
}

const minutesOf = (answer: WindowAnswer): MinuteWindow => ({
  open: toMinutes(answer.work_start),
  close: toMinutes(answer.work_end),
  busy: answer.busy_intervals.map(([s, e]) => [toMinutes(s), toMinutes(e)] as const),
});

function fitsIn(window: MinuteWindow, start: number, duration: number, bufferAfter: number): boolean {
  if (duration < 1 || start < window.open || start + duration > window.close) return false;
  const end = start + duration + bufferAfter;
  return window.busy.every(([s, e]) => end <= s || start >= e);
}

/**
 * Whether a booking of `duration` minutes may start at minute `start` (CONTRACT.md §19 `if_free`): the
 * same test as every time freeStartTimes offers, for any minute, on the step or off it.
 */
export function fitsAt(answer: WindowAnswer, duration: number, start: number, options: Omit<StartTimeOptions, 'step'> = {}): boolean {
  if (start < (options.notBefore ?? 0)) return false;
  return fitsIn(minutesOf(answer), start, duration, options.bufferAfter ?? 0);
}

export function freeStartTimes(answer: WindowAnswer, duration: number, options: StartTimeOptions = {}): string[] {
  const step = options.step ?? START_STEP;
  const window = minutesOf(answer);
  const times: string[] = [];
  if (duration < 1 || window.close <= window.open) return times;
  const first = Math.ceil(Math.max(window.open, options.notBefore ?? 0) / step) * step;
  for (let start = first; start + duration <= window.close; start += step) {
    if (fitsIn(window, start, duration, options.bufferAfter ?? 0)) times.push(fromMinutes(start));
  }
  return times;
}

/**
 * The `count` free times nearest to a wanted one (a time just taken), earlier first on a tie, listed in
 * order of the day: what the booking page offers instead without sending the client back to the strip.
 */
export function nearestTimes(times: readonly string[], wanted: string, count = 4): string[] {
  const at = toMinutes(wanted);
  const distance = (time: string) => Math.abs(toMinutes(time) - at);
  return [...new Set(times)]
    .filter((time) => time !== wanted)
    .sort((a, b) => distance(a) - distance(b) || a.localeCompare(b))
    .slice(0, count)
    .sort();
}
