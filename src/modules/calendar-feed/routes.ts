/**
 * CONTRACT.md §14 calendar feeds: the panel asks for a master's feed address
 * (made on the first ask) or a new one; calendar apps read /ics/{token}.ics
 * without a token header, so the address itself is the secret.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { addDays, combine } from '../../core/wallclock.js';
import { errorResponses, IdParam } from '../../http/schemas.js';
import { perMinute } from '../../http/rate-limit.js';
import { scopeAction, TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { CALENDAR_TOKEN, feedBookings, feedOwner, masterCalendarToken } from './queries.js';
import { renderFeed } from './render.js';

/** CONTRACT.md §14: bookings from 30 days back to 90 days ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 90;
/** A feed holds at most this many events (the earliest of the window): a busy master has ~1 000 in 120 days. */
export const FEED_MAX_EVENTS = 2000;

const CalendarBody = Type.Object({
  url: Type.String({ description: '{PUBLIC_URL}/ics/{token}.ics: anyone with it reads the feed, so share it like a password' }),
});

export const masterCalendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalog'];
  const security = bearerSecurity;
  // A feed address outlives the session that read it: a Telegram session does not get one (docs/decisions/0043-telegram-session-scope.md).
  scopeAction(app, 'business.configure');
  const feedUrl = (token: string) => `${app.ctx.config.publicUrl}/ics/${token}.ics`;

  app.get(
    '/masters/:id/calendar',
    {
      schema: {
        tags,
        operationId: 'getMasterCalendar',
        summary: "The address of a master's calendar feed",
        description: `Made on the first ask and kept until rotated. Calendar apps subscribe to it (webcal:// works too). ${TELEGRAM_SESSION_REFUSED}`,
        security,
        params: IdParam,
        response: { 200: CalendarBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const token = await masterCalendarToken(app.ctx.db, request.provider.businessId, request.params.id, false);
      if (!token) throw notFound('Master');
      return { url: feedUrl(token) };
    },
  );

  app.post(
    '/masters/:id/calendar/rotate',
    {
      schema: {
        tags,
        operationId: 'rotateMasterCalendar',
        summary: "A new address for a master's calendar feed; the old one answers 404",
        description: TELEGRAM_SESSION_REFUSED,
        security,
        params: IdParam,
        response: { 200: CalendarBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const token = await masterCalendarToken(app.ctx.db, request.provider.businessId, request.params.id, true);
      if (!token) throw notFound('Master');
      return { url: feedUrl(token) };
    },
  );
};

const DAY_MS = 86_400_000;

/** GET /ics/{token}.ics at the site's root, no /api/v1 and no auth. */
export const calendarFeedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get(
    '/ics/:token.ics',
    {
      config: perMinute(app.ctx.config.rateLimits.calendarFeed),
      schema: {
        tags: ['public'],
        operationId: 'getCalendarFeed',
        summary: "A master's bookings as an iCalendar feed",
        description: `text/calendar: one VEVENT per booking of the master from ${FEED_DAYS_BACK} days ago to ${FEED_DAYS_AHEAD} days ahead (at most ${FEED_MAX_EVENTS}), cancelled and rejected left out; UID is stable per booking but is not its id, times carry the APP_TIMEZONE TZID; no phones. An unknown or rotated token is 404.`,
        security: [],
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        response: {
          200: {
            description: 'The feed',
            content: { 'text/calendar': { schema: Type.String() } },
            headers: {
              'cache-control': Type.String({ description: 'no-store: a rotated address stops at once' }),
              'x-robots-tag': Type.String({ description: 'noindex: the secret address is never indexed' }),
              'content-disposition': Type.String({ description: 'inline; filename="calendar.ics"' }),
            },
          },
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const owner = CALENDAR_TOKEN.test(token) ? await feedOwner(app.ctx.db, token) : undefined;
      if (!owner) throw notFound('Calendar');
      const today = app.ctx.time.today();
      const from = addDays(today, -FEED_DAYS_BACK);
      const to = addDays(today, FEED_DAYS_AHEAD + 1);
      const events = await feedBookings(app.ctx.db, owner, combine(from, '00:00'), combine(to, '00:00'), FEED_MAX_EVENTS);
      const body = renderFeed(owner, events, {
        secret: app.ctx.config.jwtSecret,
        timeZone: app.ctx.time.timeZone,
        now: new Date(app.ctx.time.unixSeconds() * 1000),
        // A day's margin each side covers any zone's offset and bookings ending after the window.
        from: new Date(Date.parse(`${from}T00:00:00Z`) - 2 * DAY_MS),
        to: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'no-store, private')
        .header('x-robots-tag', 'noindex')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(body);
    },
  );
};
