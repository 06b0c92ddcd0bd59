/** GET /bookings/overview: the owner's overview figures (CONTRACT.md §15). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeAction } from '../identity/guards.js';
import { bookingsOverviewSchema } from './overview.schemas.js';
import { summarizeBookings } from './overview.service.js';

export const overviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');
  app.get('/bookings/overview', { schema: bookingsOverviewSchema }, async (request) =>
    summarizeBookings(app.ctx, request.provider.businessId, request.query),
  );
};
