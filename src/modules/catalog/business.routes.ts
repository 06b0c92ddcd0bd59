import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidInput, notFound } from '../../core/errors.js';
import { BusinessBody, errorResponses, NonBlank } from '../../http/schemas.js';
import { allow, scopeAction, TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { normalizePhone, formatPhone } from '../../core/phone.js';
import { businessBody, findBusinessById, findBusinessBySlug } from './business.queries.js';
import { updateBusinessSettings, type BusinessSettings } from './business.service.js';
import { MAX_SLUG_LENGTH, MIN_NEW_SLUG_LENGTH, newSlugProblem } from '../../core/slug.js';
import { ProfileFields, profileValues } from './profile.js';
import { BookingWindowFields, bookingWindowValues } from './booking-window-settings.js';
import { checkedEmbedOrigins, EmbedOriginsField } from './embed.js';

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

function checkedSlug(slug: string): string {
  const problem = newSlugProblem(slug);
  if (problem === 'format')
    throw invalidInput(
      `Slug must be ${MIN_NEW_SLUG_LENGTH}-${MAX_SLUG_LENGTH} characters of a-z, 0-9 and -, beginning and ending with a letter or digit`,
      'slug',
    );
  if (problem === 'reserved') throw invalidInput(`Slug "${slug}" is reserved`, 'slug');
  return slug;
}

export const businessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['business'];
  scopeAction(app, 'day.write');

  app.get(
    '/business',
    {
      schema: {
        tags,
        operationId: 'getBusiness',
        summary: "The admin's business",
        security: bearerSecurity,
        response: { 200: BusinessBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const business = await findBusinessById(app.ctx.db, request.provider.businessId);
      if (!business) throw notFound('Business');
      return businessBody(business);
    },
  );

  app.get(
    '/business/slug-available',
    {
      schema: {
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
      },
    },
    async (request) => {
      const slug = request.query.slug;
      const problem = newSlugProblem(slug);
      if (problem) return { slug, available: false, reason: problem };
      const owner = await findBusinessBySlug(app.ctx.db, slug);
      const taken = owner !== undefined && owner.id !== request.provider.businessId;
      return { slug, available: !taken, reason: taken ? 'taken' : null };
    },
  );

  app.put(
    '/business',
    {
      config: allow('business.configure'),
      schema: {
        tags,
        operationId: 'updateBusiness',
        summary: "Change the business's settings and profile",
        description: TELEGRAM_SESSION_REFUSED,
        security: bearerSecurity,
        body: UpdateBusiness,
        response: { 200: BusinessBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { name, phone, address, slug, strict_slots } = request.body;
      const values: BusinessSettings = profileValues(request.body);
      if (name !== undefined) values.name = name.trim();
      if (address !== undefined) values.address = address.trim();
      if (strict_slots !== undefined) values.strictSlots = strict_slots;
      Object.assign(values, bookingWindowValues(request.body));
      if (request.body.masters_can_decide !== undefined) values.mastersCanDecide = request.body.masters_can_decide;
      if (request.body.embed_origins !== undefined) values.embedOrigins = checkedEmbedOrigins(request.body.embed_origins);
      if (phone !== undefined) {
        const normalized = normalizePhone(phone);
        if (!normalized) throw invalidInput('Invalid phone: expected a Kazakhstan number of 10 or 11 digits', 'phone');
        values.phone = formatPhone(normalized);
      }
      const newSlug = slug === undefined ? undefined : checkedSlug(slug);
      return businessBody(await updateBusinessSettings(app.ctx.db, request.provider.businessId, values, newSlug));
    },
  );
};
