/** GET /events (CONTRACT.md §13): the live stream of the business's booking changes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SSE_CONTENT_TYPE } from '../../http/sse.js';
import { allow, masterScope, scopeAction } from '../identity/guards.js';
import { streamEventsSchema } from './events.schemas.js';
import { openChangeStream, stillAllowed } from './events.service.js';

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');
  // An open stream would hold the server's close: they all end first.
  app.addHook('preClose', async () => app.ctx.bookingEvents.endAll());

  // Compression would hold the events back until a buffer fills.
  app.get('/events', { compress: false, config: allow('day.read'), schema: streamEventsSchema }, async (request, reply) => {
    const reader = { businessId: request.provider.businessId, masterId: masterScope(request), stillAllowed: stillAllowed(request) };
    const { stream, stop } = await openChangeStream(app.ctx, request.log, reader);
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
  });
};
