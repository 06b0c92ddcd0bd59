import { Type } from '@sinclair/typebox';
import { BookingBody, DateTimeString, errorResponses, IdParam, NonBlank, Nullable, PageQuery } from '../../http/schemas.js';
import { bearerSecurity as security } from '../../http/openapi-security.js';
import { CLIENT_NOTES_MAX } from '../bookings/client-record.js';

const tags = ['clients'];
const ClientBody = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  first_name: Type.String(),
  notes: Nullable(Type.String()),
});
const ClientListItem = Type.Object({
  ...ClientBody.properties,
  bookings_count: Type.Integer(),
  last_booking_at: Nullable(DateTimeString),
  last_visit_at: Nullable(DateTimeString),
});
/** How many of the client's bookings the card lists (CONTRACT.md §13); GET /bookings?client_id= has them all. */
export const CARD_BOOKINGS = 50;
const ClientCard = Type.Object({
  ...ClientBody.properties,
  visits: Type.Integer({ description: 'Bookings that already began and were not cancelled or rejected' }),
  total_spent: Type.Number({ description: 'The sum of price_snapshot over those visits' }),
  last_visit_at: Nullable(DateTimeString),
  next_booking_at: Nullable(
    Type.String({ description: 'Start (naive, APP_TIMEZONE) of the nearest future booking not cancelled or rejected' }),
  ),
  bookings: Type.Array(BookingBody, {
    maxItems: CARD_BOOKINGS,
    description: `Up to ${CARD_BOOKINGS} of the client's bookings, newest start first`,
  }),
});
const UpdateClient = Type.Object(
  {
    first_name: Type.Optional(NonBlank(200)),
    notes: Type.Optional(Nullable(Type.String({ maxLength: CLIENT_NOTES_MAX }))),
  },
  { additionalProperties: false },
);

export const listClientsSchema = {
  tags,
  operationId: 'listClients',
  summary: 'Clients of the business, searchable by name or phone',
  security,
  description: 'One page: limit (1-1000, 1000 when not given) and offset; X-Total-Count always holds the number of matching clients.',
  querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), ...PageQuery }),
  response: { 200: Type.Array(ClientListItem), ...errorResponses(400, 401, 403) },
} as const;

export const getClientSchema = {
  tags,
  operationId: 'getClient',
  summary: 'The client card: contact, notes, visits, total spent and the bookings',
  security,
  params: IdParam,
  response: { 200: ClientCard, ...errorResponses(400, 401, 403, 404) },
} as const;

export const updateClientSchema = {
  tags,
  operationId: 'updateClient',
  summary: "Change a client's name or notes",
  security,
  params: IdParam,
  body: UpdateClient,
  response: { 200: ClientBody, ...errorResponses(400, 401, 403, 404) },
} as const;
