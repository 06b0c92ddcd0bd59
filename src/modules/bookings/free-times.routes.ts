/**
 * GET /bookings/{id}/free-times: where the owner may move a booking (CONTRACT.md §12), answered by the
 * server's one rule (reschedule/service.ts freeTimesForMove, the bot's offer too), so the panel's move
 * picker and "the nearest open day" (CONTRACT.md §21) compute nothing of their own.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidInput } from '../../core/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { findMasterRow, linkedMasterIds } from '../catalog/masters.queries.js';
import { masterMay, masterScope, requireProvider } from '../identity/guards.js';
import { assertMasterDoesService } from './master-for-service.js';
import { datesAsked, FreeDays, FreeDaysQuery, freeDays } from './free-days.js';
import { freeTimesForMoveOn } from './reschedule/service.js';
import { BookingIdParam, findOwnBooking } from './own-booking.js';

const FreeTimesQuery = Type.Object({
  date: FreeDaysQuery.properties.date,
  master_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: "The master to move to; the booking's own by default" }),
  ),
  days: FreeDaysQuery.properties.days,
});

export const freeTimesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireProvider);

  app.get(
    '/bookings/:id/free-times',
    {
      config: masterMay('read'),
      schema: {
        tags: ['bookings'],
        operationId: 'listBookingFreeTimes',
        summary: 'Free start times to move a booking to',
        security: bearerSecurity,
        description:
          'The start times the booking may move to on `date` (and the `days` - 1 dates after it) with `master_id` (default: its own ' +
          "master): the master's schedule, break and time off (CONTRACT.md §21), every other booking that occupies time with its " +
          "service's buffer (CONTRACT.md §17), the target master's own duration; the booking itself is left out (it may shift within " +
          'its own time) and its current time is not offered. Every 15 minutes, nothing before now (a past date answers no times); ' +
          "the public notice and horizon do not apply to the owner's moves. The same times the bot offers. " +
          'A master who does not do the service is 400 master_not_for_service (CONTRACT.md §19); an unknown or archived master 400. ' +
          "A master's token (CONTRACT.md §16) may ask for that master's bookings only (another's is 404).",
        params: BookingIdParam,
        querystring: FreeTimesQuery,
        response: { 200: FreeDays, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.provider;
      const booking = await findOwnBooking(app.ctx.db, businessId, request.params.id, masterScope(request));
      const masterId = request.query.master_id ?? booking.master.id;
      if (masterId !== booking.master.id) {
        const master = await findMasterRow(app.ctx.db, businessId, masterId);
        if (!master) throw invalidInput('No such master in this business', 'master_id');
        assertMasterDoesService(await linkedMasterIds(app.ctx.db, businessId, booking.service.id), masterId);
      }
      const dates = datesAsked(request.query);
      return freeDays(dates, await freeTimesForMoveOn(app.ctx, booking, masterId, dates));
    },
  );
};
