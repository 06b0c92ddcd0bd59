/** What GET /ics/{token}.ics (calendar-feed.routes.ts) takes and answers, and how OpenAPI describes it. */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK, FEED_MAX_EVENTS } from './calendar-feed.service.js';

export const getCalendarFeedSchema = {
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
} as const;
