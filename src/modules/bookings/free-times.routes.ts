/** GET /bookings/{id}/free-times: where the owner may move a booking (CONTRACT.md §12). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, scopeAction } from '../identity/guards.js';
import { ownBookingRef } from './own-booking.js';
import { listBookingFreeTimesSchema } from './free-times.schemas.js';
import { listFreeTimesForMove } from './free-times.service.js';

export const freeTimesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get('/bookings/:id/free-times', { config: allow('day.read'), schema: listBookingFreeTimesSchema }, async (request) => {
    return listFreeTimesForMove(app.ctx, ownBookingRef(request, request.params.id), request.query);
  });
};
