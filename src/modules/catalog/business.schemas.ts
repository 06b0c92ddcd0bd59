import { Type, type Static } from '@sinclair/typebox';
import { BusinessBody, errorResponses, NonBlank } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { ProfileFields } from './profile.js';
import { BookingWindowFields } from './booking-window-settings.js';
import { EmbedOriginsField } from './embed.js';

const tags = ['business'];
const UpdateBusiness = Type.Object(
  {
    name: Type.Optional(NonBlank(200)),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    address: Type.Optional(Type.String({ maxLength: 500 })),
    slug: Type.Optional(Type.String({ maxLength: 100 })),
    strict_slots: Type.Optional(Type.Boolean()),
    masters_can_decide: Type.Optional(
      Type.Boolean({
        description: 'Linked masters may confirm, reject and propose times for their own bookings (CONTRACT.md §16); default false',
      }),
    ),
    ...ProfileFields,
    ...BookingWindowFields,
    ...EmbedOriginsField,
  },
  { additionalProperties: false },
);
export type UpdateBusinessInput = Static<typeof UpdateBusiness>;

export const getBusinessSchema = {
  tags,
  operationId: 'getBusiness',
  summary: "The admin's business",
  security: bearerSecurity,
  response: { 200: BusinessBody, ...errorResponses(401, 403, 404) },
} as const;

export const checkSlugAvailableSchema = {
  tags,
  operationId: 'checkSlugAvailable',
  summary: 'Whether a slug is valid and free',
  security: bearerSecurity,
  description: 'Live check for the settings page: is a slug valid and free (or already ours)?',
  querystring: Type.Object({ slug: Type.String({ maxLength: 100 }) }),
  response: {
    200: Type.Object({ slug: Type.String(), available: Type.Boolean(), reason: Type.Union([Type.String(), Type.Null()]) }),
    ...errorResponses(400, 401, 403),
  },
} as const;

export const updateBusinessSchema = {
  tags,
  operationId: 'updateBusiness',
  summary: "Change the business's settings and profile",
  description: TELEGRAM_SESSION_REFUSED,
  security: bearerSecurity,
  body: UpdateBusiness,
  response: { 200: BusinessBody, ...errorResponses(400, 401, 403, 409) },
} as const;
