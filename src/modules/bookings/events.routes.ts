import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, isDomainError } from '../../core/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { EventStream, SSE_CONTENT_TYPE, SSE_HEARTBEAT_MS } from '../../http/sse.js';
import { admit, allow, masterScope, scopeAction } from '../identity/guards.js';
import { withinMasterScope } from './master-scope.js';
import { findBookingView } from './queries.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { bookingChangeKinds, MAX_STREAMS_PER_BUSINESS, MAX_STREAMS_PER_INSTANCE, type BookingChange } from './events.js';

export const EVENTS_DESCRIPTION =
  "A `text/event-stream` (server-sent events) of the business's booking changes (CONTRACT.md §13). Each change is " +
  '`event: booking` with `data: {"id", "status", "change", "visit_id"}`, `change` being `created`, `updated` (status, move, ' +
  'accepted reschedule) or `deleted`; read the booking itself with GET /bookings/{id}. A comment line (`:`) comes ' +
  `at least every ${SSE_HEARTBEAT_MS / 1000} s. A change made through any instance reaches every stream within 2 s; ` +
  "nothing of another business is ever sent (a master's token: that master's bookings only, CONTRACT.md §16). " +
  'The stream ends when the instance shuts down, when changes may have ' +
  'been missed (its database notification connection was lost) or, within 2 s, when the token or key stops being ' +
  'valid: reconnect (with a backoff) and reload what you show. Browsers read it with fetch streaming, since EventSource ' +
  `cannot send the Authorization header. 503 while live changes cannot be heard, or while the instance holds ` +
  `${MAX_STREAMS_PER_INSTANCE} streams (a business's ${MAX_STREAMS_PER_BUSINESS + 1}st ends its oldest instead).`;

const ChangeData = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    status: Type.String(),
    change: Type.Union(bookingChangeKinds.map((kind) => Type.Literal(kind))),
    visit_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'CONTRACT.md §20: null for a single booking' }),
  },
  { description: "The JSON of each event's `data:` line" },
);

/** A refusal of the guard ends the stream; anything else (the database briefly away) keeps it. */
const stillAllowed = (request: FastifyRequest) => () =>
  admit(request).then(
    () => true,
    (error: unknown) => !(isDomainError(error, 'not_authenticated') || isDomainError(error, 'forbidden')),
  );

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');
  // An open stream would hold the server's close: they all end first.
  app.addHook('preClose', async () => app.ctx.bookingEvents.endAll());

  app.get(
    '/events',
    {
      // Compression would hold the events back until a buffer fills.
      compress: false,
      config: allow('day.read'),
      schema: {
        tags: ['events'],
        operationId: 'streamEvents',
        summary: "Live stream of the business's booking changes",
        description: EVENTS_DESCRIPTION,
        security: bearerSecurity,
        response: {
          200: {
            description: 'The stream: `event: booking` lines with the JSON of ChangeData, and keep-alive comments',
            content: { 'text/event-stream': { schema: ChangeData } },
            headers: {
              'cache-control': Type.String({ description: 'no-cache' }),
              'x-accel-buffering': Type.String({ description: 'no: a proxy passes each event on at once' }),
            },
          },
          ...errorResponses(401, 403, 503),
        },
      },
    },
    async (request, reply) => {
      const stream = new EventStream({ stillAllowed: stillAllowed(request) });
      const { businessId } = request.provider;
      const masterId = masterScope(request);
      // A master's stream (CONTRACT.md §16) carries that master's bookings only; a deleted one can no longer be told apart, so it is left out.
      const send =
        masterId === undefined
          ? (change: BookingChange) => stream.send('booking', change)
          : (change: BookingChange) =>
              void findBookingView(app.ctx.db, change.id, businessId).then(
                (booking) => booking && withinMasterScope(booking, masterId) && stream.send('booking', change),
                (error: unknown) => request.log.warn({ err: error }, 'master event lookup failed'),
              );
      const unsubscribe = await app.ctx.bookingEvents.subscribe(businessId, { send, end: () => stream.end() }).catch((error: unknown) => {
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
      reply.raw.on('close', stop);
      // The reader may have gone while this waited for the subscription.
      if (request.raw.socket?.destroyed) stop();
      return (
        reply
          .type(SSE_CONTENT_TYPE)
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          // A stream's connection is not reused: when it ends (shutdown above all) the socket goes with it.
          .header('connection', 'close')
          // A stream goes out as it is (no serializer); the type provider only knows the schema's shape.
          .send(stream.body as never)
      );
    },
  );
};
