/**
 * GET /visits/{id}/free-times: where the owner may move a whole visit (CONTRACT.md §20), answered by the
 * server's one rule (visits/reschedule.ts freeTimesForVisitMove, the bot's offer too), so the panel's
 * visit move computes nothing of its own, as the booking's move (bookings/free-times.routes.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { allow, masterScope, scopeAction } from '../identity/guards.js';
import { datesAsked, FreeDays, FreeDaysQuery, freeDays } from '../bookings/free-days.js';
import { findOwnVisitItems, VisitIdParam } from './own-visit.js';
import { freeTimesForVisitMoveOn } from './reschedule.js';

export const visitFreeTimesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get(
    '/visits/:id/free-times',
    {
      config: allow('day.read'),
      schema: {
        tags: ['bookings'],
        operationId: 'listVisitFreeTimes',
        summary: 'Free start times to move a whole visit to',
        security: bearerSecurity,
        description:
          'The start times the whole visit may move to on `date` (and the `days` - 1 dates after it): every item keeps its ' +
          'master, length and order, back to back (CONTRACT.md §20), each master free for that item by the schedule, break and ' +
          "time off (CONTRACT.md §21) and every other booking that occupies time with its service's buffer (CONTRACT.md §17); " +
          "the visit's own bookings are left out (it may shift within its own time) and its current time is not offered. Every " +
          "15 minutes, nothing before now (a past date answers no times); the public notice and horizon do not apply to the owner's " +
          "moves. The same times the bot offers. A master's token (CONTRACT.md §16) may ask for a visit with an item of that " +
          "master's only (another is 404).",
        params: VisitIdParam,
        querystring: FreeDaysQuery,
        response: { 200: FreeDays, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const items = await findOwnVisitItems(app.ctx.db, request.provider.businessId, request.params.id, masterScope(request));
      const dates = datesAsked(request.query);
      return freeDays(dates, await freeTimesForVisitMoveOn(app.ctx, items, dates));
    },
  );
};
