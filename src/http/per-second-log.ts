/**
 * Failures that come in floods (a database stop, Telegram refusing every
 * message) logged so they stay readable: the first of a kind at once, then
 * one line a second with how many more there were, while they go on.
 */
import type { FastifyBaseLogger } from 'fastify';

const WINDOW_MS = 1000;

export interface PerSecondLines {
  /** The line for the first failure of a kind. */
  first(kind: string): string;
  /** The line for `count` more of the kind in the last second. */
  more(kind: string, count: number): string;
}

export class PerSecondLog {
  readonly #windows = new Map<string, { count: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly lines: PerSecondLines,
  ) {}

  /** One failure of `kind`; `fields` go on the first line only (never personal data). */
  note(kind: string, fields: Record<string, unknown> = {}): void {
    const open = this.#windows.get(kind);
    if (open) {
      open.count += 1;
      return;
    }
    this.log.warn({ kind, ...fields }, this.lines.first(kind));
    this.#start(kind);
  }

  #start(kind: string): void {
    const timer = setTimeout(() => this.#flush(kind), WINDOW_MS);
    timer.unref();
    this.#windows.set(kind, { count: 0, timer });
  }

  #flush(kind: string): void {
    const window = this.#windows.get(kind);
    this.#windows.delete(kind);
    if (!window || window.count === 0) return;
    this.log.warn({ kind, count: window.count }, this.lines.more(kind, window.count));
    // Still failing: keep counting in the next second.
    this.#start(kind);
  }

  close(): void {
    for (const kind of [...this.#windows.keys()]) {
      clearTimeout(this.#windows.get(kind)!.timer);
      this.#flush(kind);
    }
  }
}
