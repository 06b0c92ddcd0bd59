/** The OpenAPI of the public visit (public-visits.routes.ts) and the visit's body, shared with the owner's (provider-visits.schemas.ts). */
import { Type } from '@sinclair/typebox';
import { MAX_VISIT_ITEMS } from '../../core/visit-times.js';
import { noSecurity } from '../../http/openapi-security.js';
import { BookingBody, BookingStatusSchema, DateString, errorResponses, Nullable, SlugParams, TimeString } from '../../http/schemas.js';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

const VisitItemBody = Type.Object({ service_id: Id, master_id: Type.Optional(Nullable(Id)) });

export const PublicVisitBody = Type.Object({
  // The 2-5 bound is checked by visits/create.ts (visitSizeAllowed): as minItems/maxItems it would type the pages' client as tuples.
  items: Type.Array(VisitItemBody, {
    description: `CONTRACT.md §20: 2-${MAX_VISIT_ITEMS} services in order, back to back; without master_id the server picks (§19); other counts are 400`,
  }),
  date: DateString,
  time: TimeString,
  first_name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  phone: Type.String({ minLength: 1, maxLength: 40 }),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  captcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
  max_price: Type.Optional(Type.Number({ description: 'the total the client saw; a higher total_price is 409 price_changed' })),
});

const VisitStatusSchema = Type.Union([BookingStatusSchema, Type.Literal('mixed')], {
  description: "the bookings' common status, or mixed when one of them was changed alone",
});

export const VisitBody = Type.Object({
  id: Type.String(),
  status: VisitStatusSchema,
  start_at: Type.String(),
  end_at: Type.String({ description: "the last item's end_at" }),
  total_price: Type.Number({ description: "the sum of the items' price_snapshot" }),
  bookings: Type.Array(BookingBody, { description: 'in order' }),
  messenger_url: Type.String({ description: "the first booking's client_ link" }),
});

export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });
const PublicVisitHeaders = Type.Object({
  ...IdempotencyHeaders.properties,
  'x-telegram-init-data': Type.Optional(
    Type.String({ maxLength: 8192, description: "the mini app's signed initData, opened for this business: stands in for the captcha" }),
  ),
});

export const createPublicVisitSchema = {
  tags: ['public'],
  operationId: 'createPublicVisit',
  summary: 'Book a visit of several services',
  security: noSecurity,
  description:
    'CONTRACT.md §20: 2-5 services back to back, all booked or none, each time free as §19 if_free (409 slot_taken ' +
    'with free_times for the whole visit); at most 12 hours (400); max_price bounds total_price (409 price_changed). ' +
    'An Idempotency-Key header makes a retry answer the first visit.',
  params: SlugParams,
  headers: PublicVisitHeaders,
  body: PublicVisitBody,
  response: { 201: VisitBody, ...errorResponses(400, 404, 409, 429, 502) },
} as const;
