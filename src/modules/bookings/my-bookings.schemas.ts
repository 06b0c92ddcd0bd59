/** The OpenAPI of GET /public/{slug}/my-bookings (my-bookings.routes.ts). */
import { Type } from '@sinclair/typebox';
import { BookingStatusSchema, errorResponses, Nullable, SlugParams } from '../../http/schemas.js';
import { telegramSecurity } from '../../http/openapi-security.js';
import { MY_BOOKINGS_LIMIT } from './my-bookings.queries.js';

const MyBookingBody = Type.Object({
  id: Type.String(),
  status: BookingStatusSchema,
  start_at: Type.String(),
  end_at: Type.String(),
  service: Type.Object({ id: Type.Integer(), name: Type.String() }),
  master: Type.Object({ id: Type.Integer(), name: Type.String() }),
  price_snapshot: Type.Number(),
  visit_id: Nullable(Type.String({ description: 'CONTRACT.md §20: the visit this booking is an item of; null for a single booking' })),
});

export const listMyBookingsSchema = {
  tags: ['public'],
  operationId: 'listMyBookings',
  summary: "The mini-app user's own bookings",
  security: telegramSecurity,
  description:
    `Bookings of this business made from the mini app by the Telegram user of X-Telegram-Init-Data, and those of the ` +
    `phones that user verified by sharing the contact with the bot; newest start first, at most ${MY_BOOKINGS_LIMIT}. ` +
    'A booking id never adds a phone. 401 on a missing, forged or stale header.',
  params: SlugParams,
  headers: Type.Object({ 'x-telegram-init-data': Type.Optional(Type.String({ maxLength: 8192 })) }),
  response: { 200: Type.Array(MyBookingBody, { maxItems: MY_BOOKINGS_LIMIT }), ...errorResponses(401, 404, 429) },
} as const;
