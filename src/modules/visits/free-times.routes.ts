/**
 * GET /visits/{id}/free-times: where the owner may move a whole visit (CONTRACT.md §20), answered by the
 * server's one rule (visits/reschedule.ts freeTimesForVisitMove, the bot's offer too), so the panel's
 * visit move computes nothing of its own, as the booking's move (bookings/free-times.routes.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, scopeAction } from '../identity/guards.js';
import { ownBookingRef } from '../bookings/own-booking.js';
import { listVisitFreeTimesSchema } from './free-times.schemas.js';
import { listVisitFreeTimes } from './visits.service.js';

export const visitFreeTimesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get('/visits/:id/free-times', { config: allow('day.read'), schema: listVisitFreeTimesSchema }, async (request) =>
    listVisitFreeTimes(app.ctx, ownBookingRef(request, request.params.id), request.query),
  );
};
