/** The OpenAPI of GET /bookings/overview (overview.routes.ts). */
import { Type } from '@sinclair/typebox';
import { DateString, errorResponses } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { DEFAULT_DAYS_AROUND_TODAY, MAX_DAYS } from './overview.service.js';

const OverviewQuery = Type.Object({
  date_from: Type.Optional(DateString),
  date_to: Type.Optional(DateString),
});

const OverviewBody = Type.Object({
  date_from: Type.String({ description: 'YYYY-MM-DD' }),
  date_to: Type.String({ description: 'YYYY-MM-DD' }),
  days: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), bookings: Type.Integer() }), {
    description: 'Days of the range with at least one booking that holds its time (not cancelled or rejected)',
  }),
  revenue: Type.Object(
    {
      total: Type.Number(),
      masters: Type.Array(Type.Object({ master_id: Type.Integer(), name: Type.String(), total: Type.Number() })),
    },
    {
      description:
        'Prices (price_snapshot) of confirmed and completed bookings that started within the range and before now, per master, largest first',
    },
  ),
});

export const bookingsOverviewSchema = {
  tags: ['bookings'],
  operationId: 'bookingsOverview',
  summary: "The owner's overview: bookings per day and revenue per master over a date range",
  description: `date_from defaults to ${DEFAULT_DAYS_AROUND_TODAY} days before today, date_to to ${2 * DEFAULT_DAYS_AROUND_TODAY} days after date_from; at most ${MAX_DAYS} days.`,
  security: bearerSecurity,
  querystring: OverviewQuery,
  response: { 200: OverviewBody, ...errorResponses(400, 401, 403) },
} as const;
