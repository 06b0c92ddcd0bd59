/**
 * Start times a client (web page, mini app) or the bot may offer: every `step`
 * minutes inside the working window where the whole duration fits and touches
 * no busy interval. Pure and dependency-free so the web build imports it too.
 */
export interface WindowAnswer {
  work_start: string;
  work_end: string;
  busy_intervals: ReadonlyArray<readonly [string, string]>;
}

const minutesOf = (hm: string): number => {
  const [h, m] = hm.split(':');
  return Number(h) * 60 + Number(m);
};

const hmOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface StartTimeOptions {
  step?: number;
  /** Minutes since midnight before which nothing is offered (e.g. "now" for today). */
  notBefore?: number;
}

export function freeStartTimes(answer: WindowAnswer, duration: number, options: StartTimeOptions = {}): string[] {
  const step = options.step ?? 15;
  const open = minutesOf(answer.work_start);
  const close = minutesOf(answer.work_end);
  const busy = answer.busy_intervals.map(([s, e]) => [minutesOf(s), minutesOf(e)] as const);
  const times: string[] = [];
  if (duration < 1 || close <= open) return times;
  const first = Math.ceil(Math.max(open, options.notBefore ?? 0) / step) * step;
  for (let start = first; start + duration <= close; start += step) {
    if (start < open) continue;
    const end = start + duration;
    if (busy.every(([s, e]) => end <= s || start >= e)) times.push(hmOf(start));
  }
  return times;
}
