/** The OpenAPI of the owner's visit operations (provider-visits.routes.ts): one schema per operation. */
import { Type } from '@sinclair/typebox';
import { bearerSecurity } from '../../http/openapi-security.js';
import { BookingStatusSchema, DateString, errorResponses, TimeString } from '../../http/schemas.js';
import { IdempotencyHeaders, PublicVisitBody, VisitBody } from './public-visits.schemas.js';

const tags = ['bookings'];
const security = bearerSecurity;

const OwnerVisitBody = Type.Object({
  ...Type.Omit(PublicVisitBody, ['captcha_token']).properties,
  force: Type.Optional(Type.Boolean({ description: 'book even over other bookings (the masters still picked by §19); default false' })),
});

const PatchVisitBody = Type.Object(
  { status: Type.Optional(BookingStatusSchema), date: Type.Optional(DateString), time: Type.Optional(TimeString) },
  { minProperties: 1, description: 'status (every booking gets it), or date and/or time (the whole visit moves)' },
);

const IdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const createVisitSchema = {
  tags,
  operationId: 'createVisit',
  summary: 'Enter a visit of several services for a client',
  security,
  description:
    'CONTRACT.md §20 for the owner (§12 rules): confirmed at once, checked as the public visit unless force: true ' +
    '(then overlaps are allowed). Idempotency-Key as POST /bookings.',
  headers: IdempotencyHeaders,
  body: OwnerVisitBody,
  response: { 201: VisitBody, ...errorResponses(400, 401, 403, 404, 409) },
} as const;

export const getVisitSchema = {
  tags,
  operationId: 'getVisit',
  summary: 'One visit',
  security,
  description: "CONTRACT.md §20. A master's token sees a visit when one of its bookings is that master's.",
  params: IdParam,
  response: { 200: VisitBody, ...errorResponses(401, 403, 404) },
} as const;

export const updateVisitSchema = {
  tags,
  operationId: 'updateVisit',
  summary: 'Set the status of every booking of a visit, or move the whole visit',
  security,
  description:
    'CONTRACT.md §20: status gives every booking that status; date/time move every booking by the same offset ' +
    '(same masters, no availability check, SPEC.md). The client is told once.',
  params: IdParam,
  body: PatchVisitBody,
  response: { 200: VisitBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const deleteVisitSchema = {
  tags,
  operationId: 'deleteVisit',
  summary: 'Delete a visit',
  security,
  description: "CONTRACT.md §20: each booking as SPEC.md's DELETE (cancelled first, the client told once).",
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
