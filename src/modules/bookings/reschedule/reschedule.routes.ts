/** The owner's reschedule proposals of a booking: propose a new time to the client, list them. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, scopeAction } from '../../identity/guards.js';
import { ownBookingRef } from '../own-booking.js';
import { listBookingProposals, proposeNewTime } from './owner-proposals.service.js';
import { listRescheduleProposalsSchema, proposeRescheduleSchema } from './reschedule.schemas.js';

export const rescheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.post('/reschedule/:booking_id', { config: allow('booking.decide'), schema: proposeRescheduleSchema }, async (request, reply) => {
    const proposed = { date: request.body.proposed_date, time: request.body.proposed_time };
    return reply.status(201).send(await proposeNewTime(app.ctx, request.log, ownBookingRef(request, request.params.booking_id), proposed));
  });

  app.get('/reschedule/:booking_id', { config: allow('day.read'), schema: listRescheduleProposalsSchema }, async (request) =>
    listBookingProposals(app.ctx, ownBookingRef(request, request.params.booking_id)),
  );
};
