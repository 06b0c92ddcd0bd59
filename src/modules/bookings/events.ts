/**
 * CONTRACT.md §13: the changes of a business's bookings, for GET /events. The database says what
 * changed (drizzle/0008: a trigger NOTIFYs 'booking_changed' on every insert, update and delete of
 * a booking, whoever writes it; a public booking's insert says it itself right after its commit, drizzle/0010), so every instance hears every other's changes through its LISTEN
 * connection on PostgreSQL, and its own in-process on PGlite. Each change goes to the open streams
 * of its business only.
 */
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_CHANNEL } from '../../db/channels.js';
import type { Database } from '../../db/client.js';
import type { Unlisten } from '../../db/listen.js';
import { bookingStatuses, type BookingStatus } from '../../db/schema.js';
import { isUuid } from '../../core/uuid.js';
import { DomainError } from '../../core/errors.js';

export const bookingChangeKinds = ['created', 'updated', 'deleted'] as const;
export type BookingChangeKind = (typeof bookingChangeKinds)[number];

/** What a stream sends: the `data` of one `event: booking`. */
export interface BookingChange {
  id: string;
  status: BookingStatus;
  change: BookingChangeKind;
  /** CONTRACT.md §20: the visit the booking is an item of, null for a single booking. */
  visit_id: string | null;
}

export interface BookingNotice {
  businessId: number;
  change: BookingChange;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** The trigger's payload, or undefined for anything else on the channel (someone's hand-made NOTIFY). */
export function parseBookingNotice(payload: string): BookingNotice | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { business_id: businessId, id, status, change, visit_id: visitId } = parsed as Record<string, unknown>;
  if (!Number.isSafeInteger(businessId) || typeof id !== 'string' || !isUuid(id)) return undefined;
  if (!isOneOf(bookingStatuses, status) || !isOneOf(bookingChangeKinds, change)) return undefined;
  const visit = typeof visitId === 'string' && isUuid(visitId) ? visitId : null;
  return { businessId: businessId as number, change: { id, status, change, visit_id: visit } };
}

/** One open stream. */
export interface ChangeSink {
  send(change: BookingChange): void;
  /** The stream must end: the instance is closing, or changes may have been missed (the panel reconnects and reloads). */
  end(): void;
}

/** Open streams of one business on one instance; a new one past this ends the oldest (a runaway client cannot pile them up). */
export const MAX_STREAMS_PER_BUSINESS = 20;

/**
 * Open streams of all businesses on one instance (each costs a socket and a credential check a second):
 * past it a new stream is 503 until one ends, so many businesses together cannot exhaust an instance.
 */
export const MAX_STREAMS_PER_INSTANCE = 1000;
export const STREAMS_FULL = 'Too many live streams on this server right now, try again shortly';

export class BookingEvents {
  private readonly sinks = new Map<number, Set<ChangeSink>>();
  private listening: Promise<Unlisten> | undefined;
  private live = false;
  private open = 0;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly log: FastifyBaseLogger,
    private readonly maxStreams = MAX_STREAMS_PER_INSTANCE,
  ) {}

  /**
   * Adds a stream of the business; resolves with its unsubscribe once changes are arriving, or with
   * undefined while they cannot (the LISTEN connection is down). Listening starts with the first
   * stream, so an instance nobody watches holds no extra connection. 503 (unavailable) while the
   * instance holds MAX_STREAMS_PER_INSTANCE streams.
   */
  async subscribe(businessId: number, sink: ChangeSink): Promise<(() => void) | undefined> {
    this.listening ??= this.database.listen(BOOKING_CHANNEL, {
      onNotify: (payload) => this.deliver(payload),
      onLive: (live) => this.setLive(live),
    });
    await this.listening;
    if (!this.live) return undefined;
    const sinks = this.sinks.get(businessId) ?? new Set();
    // A business at its own bound replaces its oldest stream, so only a new business's stream can be refused.
    if (sinks.size < MAX_STREAMS_PER_BUSINESS && this.open >= this.maxStreams) throw new DomainError('unavailable', STREAMS_FULL);
    this.sinks.set(businessId, sinks);
    sinks.add(sink);
    this.open += 1;
    if (sinks.size > MAX_STREAMS_PER_BUSINESS) {
      const [oldest] = sinks;
      this.remove(businessId, sinks, oldest!);
      oldest!.end();
    }
    return () => this.remove(businessId, sinks, sink);
  }

  private remove(businessId: number, sinks: Set<ChangeSink>, sink: ChangeSink): void {
    if (sinks.delete(sink)) this.open -= 1;
    if (sinks.size === 0 && this.sinks.get(businessId) === sinks) this.sinks.delete(businessId);
  }

  /** Ends every open stream (before the server closes: an open stream would hold its close). */
  endAll(): void {
    const all = [...this.sinks.values()].flatMap((sinks) => [...sinks]);
    // Emptied too, not only forgotten: an unsubscribe that comes later must not count its stream twice.
    for (const sinks of this.sinks.values()) sinks.clear();
    this.sinks.clear();
    this.open = 0;
    for (const sink of all) sink.end();
  }

  async close(): Promise<void> {
    this.endAll();
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening)().catch(() => undefined);
  }

  private deliver(payload: string): void {
    const notice = parseBookingNotice(payload);
    if (!notice) return;
    for (const sink of this.sinks.get(notice.businessId) ?? []) sink.send(notice.change);
  }

  private setLive(live: boolean): void {
    this.live = live;
    if (live) return;
    // Changes made while the connection is down are never heard: the streams end and their readers reload.
    this.log.warn('booking event streams ended until the LISTEN connection is back');
    this.endAll();
  }
}
