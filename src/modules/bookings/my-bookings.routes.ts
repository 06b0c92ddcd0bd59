/** GET /public/{slug}/my-bookings (CONTRACT.md §18): the mini-app user's own visits to one business. View only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { listMyBookingsSchema } from './my-bookings.schemas.js';
import { listMyBookings } from './my-bookings.service.js';
import { scopeAction } from '../identity/guards.js';

export const myBookingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'mini_app.own');
  app.get(
    '/public/:slug/my-bookings',
    { config: perMinute(app.ctx.config.rateLimits.login), schema: listMyBookingsSchema },
    async (request, reply) => {
      const bookings = await listMyBookings(app.ctx, request.params.slug, request.headers['x-telegram-init-data']);
      reply.header('cache-control', 'no-store');
      return bookings;
    },
  );
};
