/**
 * A server-sent-event stream as a Fastify answer body (reply.send(stream.body)), so the usual
 * hooks still set its headers. A comment line every `heartbeatMs` keeps proxies and balancers
 * from closing an idle stream; every `recheckMs` `stillAllowed` may end it (a revoked key, a
 * session ended by a password change: CONTRACT.md §11 gives it 2 s).
 */
import { PassThrough } from 'node:stream';

/** CONTRACT.md §13 asks for a comment at least every 25 s. */
export const SSE_HEARTBEAT_MS = 20_000;

/** How often a stream's credential is checked again: a revoked one ends the stream within 2 s (CONTRACT.md §11, third pass). */
export const SSE_RECHECK_MS = 1_000;

export const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

/** One event in the wire format; JSON data never holds a raw newline, so it is one `data:` line. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export interface EventStreamOptions {
  heartbeatMs?: number;
  recheckMs?: number;
  stillAllowed?: () => Promise<boolean>;
}

export class EventStream {
  readonly body = new PassThrough();
  private readonly timers: NodeJS.Timeout[];
  private ended = false;
  private checking = false;

  constructor(options: EventStreamOptions = {}) {
    // The first bytes send the headers at once: a reader knows the stream is open before any change.
    this.body.write(': connected\n\n');
    this.timers = [setInterval(() => this.beat(), options.heartbeatMs ?? SSE_HEARTBEAT_MS)];
    const { stillAllowed } = options;
    if (stillAllowed) this.timers.push(setInterval(() => void this.recheck(stillAllowed), options.recheckMs ?? SSE_RECHECK_MS));
    for (const timer of this.timers) timer.unref();
    this.body.on('close', () => this.end());
  }

  send(event: string, data: unknown): void {
    if (!this.ended) this.body.write(sseEvent(event, data));
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearInterval(timer);
    this.body.end();
  }

  private beat(): void {
    if (!this.ended) this.body.write(': keep-alive\n\n');
  }

  /** One check at a time: a slow database never piles them up. */
  private async recheck(stillAllowed: () => Promise<boolean>): Promise<void> {
    if (this.checking || this.ended) return;
    this.checking = true;
    try {
      if (!(await stillAllowed().catch(() => true))) this.end();
    } finally {
      this.checking = false;
    }
  }
}
