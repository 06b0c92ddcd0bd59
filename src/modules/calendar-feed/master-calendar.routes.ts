/**
 * CONTRACT.md §14 calendar feeds, the panel's side: a master's feed address (made on the first ask)
 * or a new one. Calendar apps then read it without a token (calendar-feed.routes.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeAction } from '../identity/guards.js';
import { getMasterFeedUrl, rotateMasterFeedUrl } from './calendar-feed.service.js';
import { getMasterCalendarSchema, rotateMasterCalendarSchema } from './master-calendar.schemas.js';

export const masterCalendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A feed address outlives the session that read it: a Telegram session does not get one (docs/decisions/0043-telegram-session-scope.md).
  scopeAction(app, 'business.configure');

  app.get('/masters/:id/calendar', { schema: getMasterCalendarSchema }, async (request) =>
    getMasterFeedUrl(app.ctx, request.provider.businessId, request.params.id),
  );

  app.post('/masters/:id/calendar/rotate', { schema: rotateMasterCalendarSchema }, async (request) =>
    rotateMasterFeedUrl(app.ctx, request.provider.businessId, request.params.id),
  );
};
