/** The OpenAPI of GET /visits/{id}/free-times (free-times.routes.ts). */
import { errorResponses } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { FreeDays, FreeDaysQuery } from '../bookings/free-days.js';
import { VisitIdParam } from './own-visit.js';

export const listVisitFreeTimesSchema = {
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
} as const;
