/** The OpenAPI of GET /events (events.routes.ts). */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { SSE_HEARTBEAT_MS } from '../../http/sse.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { bookingChangeKinds, MAX_STREAMS_PER_BUSINESS, MAX_STREAMS_PER_INSTANCE } from './events.js';

const EVENTS_DESCRIPTION =
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

export const streamEventsSchema = {
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
} as const;
