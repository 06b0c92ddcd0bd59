/** POST /public/{slug}/booking: a client books a service. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { sendCreated } from './idempotency.js';
import { createPublicBookingSchema } from './public-booking.schemas.js';
import { bookPublicly, publicBookingBody, publicCallerOf } from './public-booking.service.js';
import { scopeAction } from '../identity/guards.js';

export const publicBookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const { config } = app.ctx;

  app.post(
    '/public/:slug/booking',
    { config: perMinute(config.rateLimits.booking), schema: createPublicBookingSchema },
    async (request, reply) => {
      const { answer, replayed } = await bookPublicly(app.ctx, request.log, request.params.slug, request.body, publicCallerOf(request));
      return sendCreated(reply, replayed, publicBookingBody(config.botUsername, answer));
    },
  );
};
