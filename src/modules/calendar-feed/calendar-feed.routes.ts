import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { scopeAction } from '../identity/guards.js';
import { getCalendarFeedSchema } from './calendar-feed.schemas.js';
import { readCalendarFeed } from './calendar-feed.service.js';

/** GET /ics/{token}.ics at the site's root, no /api/v1 and no auth: the address itself is the secret. */
export const calendarFeedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get(
    '/ics/:token.ics',
    { config: perMinute(app.ctx.config.rateLimits.calendarFeed), schema: getCalendarFeedSchema },
    async (request, reply) => {
      const body = await readCalendarFeed(app.ctx, request.params.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'no-store, private')
        .header('x-robots-tag', 'noindex')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(body);
    },
  );
};
