/** The OpenAPI of the owner's booking operations (provider-bookings.routes.ts): one schema per operation. */
import { Type } from '@sinclair/typebox';
import { BookingBody, BookingStatusSchema, DateString, DateTimeQuery, errorResponses, PageQuery, TimeString } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { BookingIdParam } from './own-booking.js';
import { DELETED_KEPT_DAYS } from './bookings.queries.js';
import { CreateBookingBody } from './public-booking.schemas.js';

const tags = ['bookings'];
const security = bearerSecurity;

const OwnerBookingBody = Type.Omit(CreateBookingBody, ['captcha_token', 'if_free', 'max_price']);
const OwnerBookingResult = Type.Object({ ...BookingBody.properties, messenger_url: Type.String() });
const PatchBody = Type.Object(
  {
    status: Type.Optional(BookingStatusSchema),
    date: Type.Optional(DateString),
    time: Type.Optional(TimeString),
    master_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { minProperties: 1, description: 'At least one of status, date, time, master_id' },
);

const ListQuery = Type.Object({
  ...PageQuery,
  date: Type.Optional(DateString),
  date_from: Type.Optional(DateString),
  date_to: Type.Optional(DateString),
  status: Type.Optional(BookingStatusSchema),
  master_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  client_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "That client's bookings only (CONTRACT.md §13)" })),
  updated_since: Type.Optional(DateTimeQuery),
});

const DeletedQuery = Type.Object({ ...PageQuery, since: Type.Optional(DateTimeQuery) });
const DeletedBody = Type.Object({
  id: Type.String(),
  deleted_at: Type.String({ description: 'naive YYYY-MM-DDTHH:MM:SS in APP_TIMEZONE' }),
});

export const listBookingsSchema = {
  tags,
  operationId: 'listBookings',
  summary: 'Bookings of the business, filtered by date, status, master and client',
  security,
  querystring: ListQuery,
  description:
    'One page: limit (1-1000, 1000 when not given) and offset; X-Total-Count always holds the number of matching bookings. ' +
    'Ordered by start_at; with updated_since (CONTRACT.md §14) only the bookings with updated_at >= it, ordered by ' +
    'updated_at then id: the incremental sync of an integration (deleted ones: GET /bookings/deleted). ' +
    "A master's token (CONTRACT.md §16) gets that master's bookings only, whatever master_id asks.",
  response: { 200: Type.Array(BookingBody), ...errorResponses(400, 401, 403) },
} as const;

export const listDeletedBookingsSchema = {
  tags,
  operationId: 'listDeletedBookings',
  summary: 'Bookings deleted since a moment (incremental sync)',
  security,
  description:
    `CONTRACT.md §14: the ids of the bookings deleted at or after \`since\`, oldest first (then by id), kept ${DELETED_KEPT_DAYS} days. ` +
    'One page: limit (1-1000, 1000 when not given) and offset; X-Total-Count holds the number of matching ones.',
  querystring: DeletedQuery,
  response: { 200: Type.Array(DeletedBody), ...errorResponses(400, 401, 403) },
} as const;

export const createBookingSchema = {
  tags,
  operationId: 'createBooking',
  summary: 'Enter a booking for a client',
  security,
  description:
    'A booking the owner enters (CONTRACT.md §12): the public creation rules, status confirmed, no captcha, ' +
    'no rate limit; the provider is not notified, a client subscribed by phone is. ' +
    'With an Idempotency-Key header (CONTRACT.md §14) a retry answers the first booking (header ' +
    'Idempotent-Replayed: true) and the same key with another body is 409 idempotency_key_reused.',
  headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
  body: OwnerBookingBody,
  response: { 201: OwnerBookingResult, ...errorResponses(400, 401, 403, 404, 409) },
} as const;

export const getBookingSchema = {
  tags,
  operationId: 'getBooking',
  summary: 'One booking',
  security,
  params: BookingIdParam,
  response: { 200: BookingBody, ...errorResponses(401, 403, 404) },
} as const;

export const updateBookingSchema = {
  tags,
  operationId: 'updateBooking',
  summary: 'Change the status of a booking or move it',
  security,
  description:
    'Sets any status from any status (SPEC.md); the client is notified of confirmed, cancelled and completed. ' +
    'date/time/master_id move the booking first (CONTRACT.md §12): the client is told, strict slots apply. ' +
    "A master's token (CONTRACT.md §16) may set the status of that master's bookings only while the business allows " +
    'masters_can_decide, and never move a booking (403).',
  params: BookingIdParam,
  body: PatchBody,
  response: { 200: BookingBody, ...errorResponses(400, 401, 403, 404, 409) },
} as const;

export const deleteBookingSchema = {
  tags,
  operationId: 'deleteBooking',
  summary: 'Delete a booking',
  security,
  params: BookingIdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
