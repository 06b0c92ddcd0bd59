import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { wallClockSchema } from '../../../core/wall-clock-input.js';
import { notFound } from '../../../core/errors.js';
import { errorResponses, ProposalBody } from '../../../http/schemas.js';
import { allow, masterScope, scopeAction } from '../../identity/guards.js';
import { findOwnBooking } from '../own-booking.js';
import { bearerSecurity } from '../../../http/openapi-security.js';
import { findBusinessById } from '../../catalog/business.queries.js';
import { listProposals, proposalBody } from './queries.js';
import { expireLapsedProposals, proposeReschedule } from './service.js';

const BookingParam = Type.Object({ booking_id: Type.String({ maxLength: 64 }) });

const ProposalRequest = Type.Object({
  proposed_date: Type.String({ ...wallClockSchema('wall-date'), description: 'YYYY-MM-DD; any existing date' }),
  proposed_time: Type.String({ ...wallClockSchema('wall-time'), description: 'HH:MM; availability is not checked' }),
});

export const rescheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['reschedule'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  /** For a master's token only that master's booking (another's is 404, CONTRACT.md §16). */
  const ownBooking = (businessId: number, id: string, masterId: number | undefined) => findOwnBooking(app.ctx.db, businessId, id, masterId);

  app.post(
    '/reschedule/:booking_id',
    {
      config: allow('booking.decide'),
      schema: {
        tags,
        operationId: 'proposeReschedule',
        summary: 'Propose a new time to the client',
        security,
        description: 'Proposes a new time to the client (PROVIDER_WEB); `notified` tells whether the client got it in Telegram.',
        params: BookingParam,
        body: ProposalRequest,
        response: { 201: Type.Object({ proposal: ProposalBody, notified: Type.Boolean() }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const booking = await ownBooking(request.provider.businessId, request.params.booking_id, masterScope(request));
      const business = await findBusinessById(app.ctx.db, booking.businessId);
      if (!business) throw notFound('Business');
      const { proposal, notified } = await proposeReschedule(app.ctx, request.log, business, booking, {
        date: request.body.proposed_date,
        time: request.body.proposed_time,
        by: 'PROVIDER_WEB',
      });
      return reply.status(201).send({ proposal: proposalBody(proposal), notified });
    },
  );

  app.get(
    '/reschedule/:booking_id',
    {
      config: allow('day.read'),
      schema: {
        tags,
        operationId: 'listRescheduleProposals',
        summary: 'Reschedule proposals of a booking',
        security,
        description: 'Proposals of the booking, newest first; PENDING ones past expires_at become EXPIRED first.',
        params: BookingParam,
        response: { 200: Type.Array(ProposalBody), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const booking = await ownBooking(request.provider.businessId, request.params.booking_id, masterScope(request));
      await expireLapsedProposals(app.ctx, booking.id);
      return (await listProposals(app.ctx.db, booking.id)).map(proposalBody);
    },
  );
};
