/** GET /events (CONTRACT.md §13): one reader's stream of its business's booking changes. */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { DomainError, isDomainError } from '../../core/errors.js';
import { EventStream } from '../../http/sse.js';
import { admit } from '../identity/guards.js';
import type { BookingChange } from './events.js';
import { withinMasterScope } from './master-scope.js';
import { findBookingView } from './bookings.queries.js';

/** A refusal of the guard ends the stream; anything else (the database briefly away) keeps it. */
export const stillAllowed = (request: FastifyRequest) => () =>
  admit(request).then(
    () => true,
    (error: unknown) => !(isDomainError(error, 'not_authenticated') || isDomainError(error, 'forbidden')),
  );

/** A master's stream (CONTRACT.md §16) carries that master's bookings only; a deleted one can no longer be told apart, so it is left out. */
function changeSender(
  ctx: Pick<AppContext, 'db'>,
  log: FastifyBaseLogger,
  stream: EventStream,
  businessId: number,
  masterId: number | undefined,
) {
  if (masterId === undefined) return (change: BookingChange) => stream.send('booking', change);
  return (change: BookingChange) =>
    void findBookingView(ctx.db, change.id, businessId).then(
      (booking) => booking && withinMasterScope(booking, masterId) && stream.send('booking', change),
      (error: unknown) => log.warn({ err: error }, 'master event lookup failed'),
    );
}

/** A stream subscribed to the business's changes, and `stop` that unsubscribes and ends it; 503 while changes cannot be heard. */
export async function openChangeStream(
  ctx: Pick<AppContext, 'db' | 'bookingEvents'>,
  log: FastifyBaseLogger,
  reader: { businessId: number; masterId: number | undefined; stillAllowed: () => Promise<boolean> },
): Promise<{ stream: EventStream; stop: () => void }> {
  const stream = new EventStream({ stillAllowed: reader.stillAllowed });
  const send = changeSender(ctx, log, stream, reader.businessId, reader.masterId);
  const unsubscribe = await ctx.bookingEvents.subscribe(reader.businessId, { send, end: () => stream.end() }).catch((error: unknown) => {
    stream.end();
    throw error;
  });
  if (!unsubscribe) {
    stream.end();
    throw new DomainError('unavailable', 'Live updates are unavailable right now, try again shortly');
  }
  const stop = () => {
    unsubscribe();
    stream.end();
  };
  return { stream, stop };
}
