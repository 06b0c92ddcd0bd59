/** The OpenAPI of GET /bookings/{id}/free-times (free-times.routes.ts). */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { BookingIdParam } from './own-booking.js';
import { FreeDays, FreeDaysQuery } from './free-days.js';

const FreeTimesQuery = Type.Object({
  date: FreeDaysQuery.properties.date,
  master_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: "The master to move to; the booking's own by default" }),
  ),
  days: FreeDaysQuery.properties.days,
});

export const listBookingFreeTimesSchema = {
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
} as const;
