import type { WallClock } from '../../core/wallclock.js';

let lastNow = { second: Number.NaN, zone: '', now: '' };

/** "Now" read once per clock second: formatting it in the zone was a third of a cached answer's cost. */
export function nowOf(time: WallClock): string {
  const second = time.unixSeconds();
  if (lastNow.second !== second || lastNow.zone !== time.timeZone) lastNow = { second, zone: time.timeZone, now: time.now() };
  return lastNow.now;
}
