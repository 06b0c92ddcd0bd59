/** What the super admin's own routes (superadmin.routes.ts) take and answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import {
  BookingBody,
  BookingStatusSchema,
  BusinessBody,
  DateString,
  errorResponses,
  IdParam,
  Nullable,
  PageQuery,
} from '../../http/schemas.js';
import { sessionSecurity } from '../../http/openapi-security.js';
import { credentials } from '../identity/credential-generations.js';

const tags = ['superadmin'];
const security = sessionSecurity;

const Count = Type.Integer({ minimum: 0 });
const BusinessOverview = Type.Object({
  ...BusinessBody.properties,
  created_at: Type.String(),
  admin_email: Nullable(Type.String()),
  last_activity_at: Nullable(
    Type.String({ description: "the latest change of any of the business's bookings (naive, APP_TIMEZONE); null without bookings" }),
  ),
  bookings_total: Count,
  bookings_by_status: Type.Object({ pending: Count, confirmed: Count, completed: Count, cancelled: Count, rejected: Count }),
});
const BookingWithBusiness = Type.Object({
  ...BookingBody.properties,
  business: Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() }),
});
const ResetAnswer = Type.Object({
  new_password: Type.String(),
  lockdown: Type.Boolean(),
  ended: Type.Array(Type.Union(credentials.map((credential) => Type.Literal(credential))), {
    description: 'the kinds of credential of the business that no longer work',
  }),
});
const SeedResult = Type.Object({
  business: BusinessBody,
  login: Type.Object({ email: Type.String(), password: Type.String() }),
  counts: Type.Object({ categories: Count, services: Count, masters: Count, clients: Count, bookings: Count }),
});

export const listAllBusinessesSchema = {
  tags,
  operationId: 'listAllBusinesses',
  summary: 'Businesses with booking counts, one page, searchable',
  security,
  description: 'q finds a name, slug or admin e-mail; limit (1-1000, 1000 when not given) and offset; X-Total-Count holds the total.',
  querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), ...PageQuery }),
  response: { 200: Type.Array(BusinessOverview), ...errorResponses(400, 401, 403) },
} as const;

export const listAllBookingsSchema = {
  tags,
  operationId: 'listAllBookings',
  summary: 'Bookings of every business',
  security,
  description:
    'Bookings of every business, ordered by start; date_to is inclusive; q finds a business name or slug; status keeps one status; limit (1-1000, 1000 when not given) and offset; X-Total-Count holds the total.',
  querystring: Type.Object({
    business_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    date_from: Type.Optional(DateString),
    date_to: Type.Optional(DateString),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(BookingStatusSchema),
    ...PageQuery,
  }),
  response: { 200: Type.Array(BookingWithBusiness), ...errorResponses(400, 401, 403) },
} as const;

export const seedDemoBusinessSchema = {
  tags,
  operationId: 'seedDemoBusiness',
  summary: 'Create a demo business',
  security,
  description: 'Creates a demo salon (3 masters, 6 services in 2 categories, schedules, bookings over the next 7 days).',
  response: { 201: SeedResult, ...errorResponses(401, 403) },
} as const;

export const deleteBusinessSchema = {
  tags,
  operationId: 'deleteBusiness',
  summary: 'Delete a business and everything it owns',
  security,
  description: 'Deletes the business with everything it owns, in one transaction.',
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;

export const resetBusinessPasswordSchema = {
  tags,
  operationId: 'resetBusinessPassword',
  summary: "Reset a business admin's password, or lock the business down",
  security,
  description:
    "Sets a new random password for the business's admin and sends it to the provider's Telegram chat; " +
    'every login token of the admin, its Telegram id, unused reset links and every API key of the business stop working. ' +
    'With lockdown: true (for an account taken over) every credential of the business ends (owner sessions, API keys, ' +
    "calendar-feed addresses, masters' tokens, links and chats, reset links), the provider's and masters' chats are unlinked " +
    'and told so, and the new password is only in this answer. `ended` names the kinds of credential that no longer work.',
  params: IdParam,
  body: Type.Object(
    {
      lockdown: Type.Optional(Type.Boolean({ default: false, description: 'end every credential of the business (CONTRACT.md §11)' })),
    },
    { additionalProperties: false },
  ),
  response: { 200: ResetAnswer, ...errorResponses(400, 401, 403, 404) },
} as const;
