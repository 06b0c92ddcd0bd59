import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { perMinute } from '../../http/rate-limit.js';
import {
  BookingBody,
  BookingStatusSchema,
  BusinessBody,
  DateString,
  errorResponses,
  IdParam,
  MAX_PAGE,
  Nullable,
  PageQuery,
  pageTotal,
  TOTAL_HEADER,
} from '../../http/schemas.js';
import { addDays } from '../../core/wallclock.js';
import type { BookingStatus } from '../../db/schema.js';
import { scopeAction } from '../identity/guards.js';
import { sessionSecurity, noSecurity } from '../../http/openapi-security.js';
import { listBookingViews } from '../bookings/queries.js';
import { bookingBody } from '../bookings/view.js';
import { businessBody } from '../catalog/business.queries.js';
import { checkSuperAdmin } from './login.js';
import { businessSlugs, countBusinesses, countOperatorBookings, deleteBusinessCompletely, listBusinessesWithCounts } from './queries.js';
import { seedDemoBusiness } from './seed.js';
import { resetBusinessPassword } from './reset.js';
import { credentials } from '../identity/credential-generations.js';

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

const superAdminOnly: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['superadmin'];
  const security = sessionSecurity;
  scopeAction(app, 'platform.manage');

  app.get(
    '/superadmin/businesses',
    {
      schema: {
        tags,
        operationId: 'listAllBusinesses',
        summary: 'Businesses with booking counts, one page, searchable',
        security,
        description: 'q finds a name, slug or admin e-mail; limit (1-1000, 1000 when not given) and offset; X-Total-Count holds the total.',
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), ...PageQuery }),
        response: { 200: Type.Array(BusinessOverview), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { q, limit, offset } = request.query;
      const page = { limit: limit ?? MAX_PAGE, offset };
      const rows = await listBusinessesWithCounts(app.ctx.db, q, page);
      reply.header(TOTAL_HEADER, await pageTotal(rows.length, page, () => countBusinesses(app.ctx.db, q)));
      return rows;
    },
  );

  app.get(
    '/superadmin/bookings',
    {
      schema: {
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
      },
    },
    async (request, reply) => {
      const from = request.query.date_from;
      const to = request.query.date_to;
      const filter = {
        businessId: request.query.business_id,
        from: from ? `${from}T00:00:00` : undefined,
        to: to ? `${addDays(to, 1)}T00:00:00` : undefined,
        businessText: request.query.q,
        status: request.query.status as BookingStatus | undefined,
      };
      const page = { limit: request.query.limit ?? MAX_PAGE, offset: request.query.offset };
      const views = await listBookingViews(app.ctx.db, filter, page);
      reply.header(TOTAL_HEADER, await pageTotal(views.length, page, () => countOperatorBookings(app.ctx.db, filter)));
      const owners = await businessSlugs(app.ctx.db, [...new Set(views.map((view) => view.businessId))]);
      return views.map((view) => ({
        ...bookingBody(view),
        business: owners.get(view.businessId) ?? { id: view.businessId, slug: '', name: '' },
      }));
    },
  );

  app.post(
    '/superadmin/seed',
    {
      schema: {
        tags,
        operationId: 'seedDemoBusiness',
        summary: 'Create a demo business',
        security,
        description: 'Creates a demo salon (3 masters, 6 services in 2 categories, schedules, bookings over the next 7 days).',
        response: { 201: SeedResult, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      const seeded = await seedDemoBusiness(app.ctx);
      return reply.status(201).send({ ...seeded, business: businessBody(seeded.business) });
    },
  );

  app.delete(
    '/superadmin/businesses/:id',
    {
      schema: {
        tags,
        operationId: 'deleteBusiness',
        summary: 'Delete a business and everything it owns',
        security,
        description: 'Deletes the business with everything it owns, in one transaction.',
        params: IdParam,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await deleteBusinessCompletely(app.ctx.db, request.params.id))) throw notFound('Business');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/superadmin/businesses/:id/reset-password',
    {
      // SPEC.md's reset has no body: none means {lockdown: false}.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
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
            lockdown: Type.Optional(
              Type.Boolean({ default: false, description: 'end every credential of the business (CONTRACT.md §11)' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ResetAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => resetBusinessPassword(app.ctx, request.log, request.params.id, request.body.lockdown === true),
  );
};

export const superadminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.post(
    '/superadmin/login',
    {
      config: perMinute(app.ctx.config.rateLimits.superadminLogin),
      schema: {
        tags: ['superadmin'],
        operationId: 'superadminLogin',
        summary: 'Log in as the platform super admin',
        security: noSecurity,
        body: Type.Object({ username: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 200 }) }),
        response: {
          200: Type.Object({ access_token: Type.String(), token_type: Type.Literal('bearer') }),
          ...errorResponses(400, 401, 429, 503),
        },
      },
    },
    async (request) => {
      checkSuperAdmin(app.ctx.config, request.body.username, request.body.password);
      return { access_token: await app.ctx.tokens.signSuperAdmin(), token_type: 'bearer' as const };
    },
  );
  await app.register(superAdminOnly);
};
