/** CONTRACT.md §20's routes: a visit booked publicly or by the owner, read, changed and deleted as one. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidInput, notFound } from '../../core/errors.js';
import { MAX_VISIT_ITEMS } from '../../core/visit-times.js';
import { isUuid } from '../../core/uuid.js';
import type { BookingStatus } from '../../db/schema.js';
import { perMinute } from '../../http/rate-limit.js';
import { bearerSecurity, noSecurity } from '../../http/openapi-security.js';
import { BookingBody, BookingStatusSchema, DateString, errorResponses, Nullable, SlugParams, TimeString } from '../../http/schemas.js';
import { verifyCaptcha } from '../identity/captcha.js';
import { allow, masterScope, scopeAction } from '../identity/guards.js';
import { businessBySlugOr404, findBusinessById } from '../catalog/business.queries.js';
import { messengerUrl } from '../bookings/create.js';
import { callerIdempotencyKey } from '../bookings/idempotency.js';
import { miniAppUserOf } from '../bookings/mini-app-user.js';
import { createVisit, replayedVisit, type VisitEntrance } from './create.js';
import { moveVisit, removeVisit, setVisitStatus } from './manage.js';
import { visitBookings } from './queries.js';
import { visitBody, visitOf, type VisitView } from './view.js';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

const VisitItemBody = Type.Object({ service_id: Id, master_id: Type.Optional(Nullable(Id)) });

const PublicVisitBody = Type.Object({
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

const OwnerVisitBody = Type.Object({
  ...Type.Omit(PublicVisitBody, ['captcha_token']).properties,
  force: Type.Optional(Type.Boolean({ description: 'book even over other bookings (the masters still picked by §19); default false' })),
});

const VisitStatusSchema = Type.Union([BookingStatusSchema, Type.Literal('mixed')], {
  description: "the bookings' common status, or mixed when one of them was changed alone",
});

const VisitBody = Type.Object({
  id: Type.String(),
  status: VisitStatusSchema,
  start_at: Type.String(),
  end_at: Type.String({ description: "the last item's end_at" }),
  total_price: Type.Number({ description: "the sum of the items' price_snapshot" }),
  bookings: Type.Array(BookingBody, { description: 'in order' }),
  messenger_url: Type.String({ description: "the first booking's client_ link" }),
});

const PatchVisitBody = Type.Object(
  { status: Type.Optional(BookingStatusSchema), date: Type.Optional(DateString), time: Type.Optional(TimeString) },
  { minProperties: 1, description: 'status (every booking gets it), or date and/or time (the whole visit moves)' },
);

const IdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });
const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });
const PublicVisitHeaders = Type.Object({
  ...IdempotencyHeaders.properties,
  'x-telegram-init-data': Type.Optional(
    Type.String({ maxLength: 8192, description: "the mini app's signed initData, opened for this business: stands in for the captcha" }),
  ),
});

export const visitRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const answer = (visit: VisitView) => ({ ...visitBody(visit), messenger_url: messengerUrl(config.botUsername, visit.bookings[0]!.id) });

  const publicRoutes: FastifyPluginAsyncTypebox = async (scope) => {
    scopeAction(scope, 'public');
    scope.post(
      '/public/:slug/visits',
      {
        config: perMinute(config.rateLimits.booking),
        schema: {
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
        },
      },
      async (request, reply) => {
        const business = await businessBySlugOr404(app.ctx.db, request.params.slug);
        const key = callerIdempotencyKey(undefined, request.headers['idempotency-key']);
        const replay = await replayedVisit(app.ctx.db, business, key, request.body, 'public');
        if (replay) return reply.status(201).header('idempotent-replayed', 'true').send(answer(replay));
        // As a single public booking: the mini app's signed initData for this business stands in for the captcha (CONTRACT.md §3, §11).
        const telegramUserId = await miniAppUserOf(app.ctx, business, request.headers['x-telegram-init-data']);
        if (telegramUserId === undefined) await verifyCaptcha(config, request.body.captcha_token, request.ip);
        const visit = await createVisit(app.ctx, request.log, business, request.body, 'public', key, telegramUserId);
        return reply.status(201).send(answer(visit));
      },
    );
  };

  const providerRoutes: FastifyPluginAsyncTypebox = async (scope) => {
    const tags = ['bookings'];
    const security = bearerSecurity;
    scopeAction(scope, 'day.write');

    async function ownBusiness(businessId: number) {
      const business = await findBusinessById(app.ctx.db, businessId);
      if (!business) throw notFound('Business');
      return business;
    }

    /** The business's visit; a master's token sees it only when one of its bookings is theirs (CONTRACT.md §16, §20). */
    async function ownVisit(businessId: number, id: string, masterId: number | undefined): Promise<VisitView> {
      const items = isUuid(id) ? await visitBookings(app.ctx.db, businessId, id) : [];
      if (items.length === 0 || (masterId !== undefined && !items.some((item) => item.master.id === masterId))) throw notFound('Visit');
      return visitOf(id, items);
    }

    scope.post(
      '/visits',
      {
        schema: {
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
        },
      },
      async (request, reply) => {
        const business = await ownBusiness(request.provider.businessId);
        const key = callerIdempotencyKey(request.provider, request.headers['idempotency-key']);
        const entrance: VisitEntrance = 'owner';
        const replay = await replayedVisit(app.ctx.db, business, key, request.body, entrance);
        if (replay) return reply.status(201).header('idempotent-replayed', 'true').send(answer(replay));
        const visit = await createVisit(app.ctx, request.log, business, request.body, entrance, key);
        return reply.status(201).send(answer(visit));
      },
    );

    scope.get(
      '/visits/:id',
      {
        config: allow('day.read'),
        schema: {
          tags,
          operationId: 'getVisit',
          summary: 'One visit',
          security,
          description: "CONTRACT.md §20. A master's token sees a visit when one of its bookings is that master's.",
          params: IdParam,
          response: { 200: VisitBody, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => answer(await ownVisit(request.provider.businessId, request.params.id, masterScope(request))),
    );

    scope.patch(
      '/visits/:id',
      {
        schema: {
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
        },
      },
      async (request) => {
        const { status, date, time } = request.body;
        if (status === undefined && date === undefined && time === undefined)
          throw invalidInput('Nothing to change: send status, date or time');
        const business = await ownBusiness(request.provider.businessId);
        let visit = await ownVisit(business.id, request.params.id, undefined);
        if (date !== undefined || time !== undefined) visit = await moveVisit(app.ctx, request.log, business, visit, { date, time });
        if (status !== undefined) visit = await setVisitStatus(app.ctx, request.log, business, visit, status as BookingStatus);
        return answer(visit);
      },
    );

    scope.delete(
      '/visits/:id',
      {
        schema: {
          tags,
          operationId: 'deleteVisit',
          summary: 'Delete a visit',
          security,
          description: "CONTRACT.md §20: each booking as SPEC.md's DELETE (cancelled first, the client told once).",
          params: IdParam,
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const business = await ownBusiness(request.provider.businessId);
        await removeVisit(app.ctx, request.log, business, await ownVisit(business.id, request.params.id, undefined));
        return reply.status(204).send(null);
      },
    );
  };

  await app.register(publicRoutes);
  await app.register(providerRoutes);
};
