/**
 * A server-sent-event stream as a Fastify answer body (reply.send(stream.body)), so the usual
 * hooks still set its headers. A comment line every `heartbeatMs` keeps proxies and balancers
 * from closing an idle stream; before each one `stillAllowed` may end it (a revoked key, a
 * session ended by a password change).
 */
import { PassThrough } from 'node:stream';

/** CONTRACT.md §13 asks for a comment at least every 25 s. */
export const SSE_HEARTBEAT_MS = 20_000;

export const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

/** One event in the wire format; JSON data never holds a raw newline, so it is one `data:` line. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export interface EventStreamOptions {
  heartbeatMs?: number;
  stillAllowed?: () => Promise<boolean>;
}

export class EventStream {
  readonly body = new PassThrough();
  private readonly timer: NodeJS.Timeout;
  private ended = false;

  constructor(options: EventStreamOptions = {}) {
    // The first bytes send the headers at once: a reader knows the stream is open before any change.
    this.body.write(': connected\n\n');
    this.timer = setInterval(() => void this.beat(options.stillAllowed), options.heartbeatMs ?? SSE_HEARTBEAT_MS);
    this.timer.unref();
    this.body.on('close', () => this.end());
  }

  send(event: string, data: unknown): void {
    if (!this.ended) this.body.write(sseEvent(event, data));
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.timer);
    this.body.end();
  }

  private async beat(stillAllowed: (() => Promise<boolean>) | undefined): Promise<void> {
    const allowed = stillAllowed ? await stillAllowed().catch(() => true) : true;
    if (!allowed) this.end();
    else if (!this.ended) this.body.write(': keep-alive\n\n');
  }
}
