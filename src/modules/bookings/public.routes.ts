import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { BookingStatusSchema, DateString, errorResponses, Nullable, SlugParams, TimeString } from '../../http/schemas.js';
import { verifyCaptcha } from '../identity/captcha.js';
import { noSecurity } from '../../http/openapi-security.js';
import { businessBySlugOr404 } from '../catalog/business.queries.js';
import { createBooking, messengerUrl, replayedBooking } from './create.js';
import { callerIdempotencyKey } from './idempotency.js';
import { lookUpBookingCached } from './lookup-cache.js';
import { miniAppUserOf } from './mini-app-user.js';
import type { BookingView } from './view.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { scopeAction } from '../identity/guards.js';

export const CreateBookingBody = Type.Object({
  service_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  date: DateString,
  time: TimeString,
  first_name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  phone: Type.String({ minLength: 1, maxLength: 40 }),
  master_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  captcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
  if_free: Type.Optional(
    Type.Boolean({
      description:
        'CONTRACT.md §19: book only a free time, atomically (409 slot_taken with free_times otherwise); ' +
        'without master_id the server picks the cheapest free master. Default false (SPEC.md: no check)',
    }),
  ),
  max_price: Type.Optional(Type.Number({ description: 'CONTRACT.md §19: the price the client saw; a higher price is 409 price_changed' })),
});

const BookingResult = Type.Object({
  id: Type.String(),
  status: BookingStatusSchema,
  start_at: Type.String(),
  end_at: Type.String(),
  price_snapshot: Type.Number(),
  service: Type.Object({ id: Type.Integer(), name: Type.String(), duration: Type.Integer(), price: Type.Number() }),
  master: Type.Object({ id: Type.Integer(), name: Type.String() }),
  client: Type.Object({ first_name: Type.String(), phone: Type.String() }),
  messenger_url: Type.String(),
});

export const publicBookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const { config } = app.ctx;
  const result = (booking: BookingView) => ({
    id: booking.id,
    status: booking.status,
    start_at: fromDbTimestamp(booking.startAt),
    end_at: fromDbTimestamp(booking.endAt),
    price_snapshot: booking.priceSnapshot,
    service: booking.service,
    master: booking.master,
    client: { first_name: booking.client.firstName, phone: booking.client.phone },
    messenger_url: messengerUrl(config.botUsername, booking.id),
  });

  app.post(
    '/public/:slug/booking',
    {
      config: perMinute(config.rateLimits.booking),
      schema: {
        tags: ['public'],
        operationId: 'createPublicBooking',
        summary: 'Book a service',
        security: noSecurity,
        description:
          'Creates a pending booking. No overlap check (SPEC.md) unless the business turned strict slots on or the ' +
          'request sends if_free: true (CONTRACT.md §19), then a time that is not free is 409 slot_taken with ' +
          '`free_times` (up to 6 free start times of that day, nearest first, in time order). With max_price, a higher ' +
          'price is 409 price_changed with the `price`. A master not linked to a service that has masters is 400 ' +
          'master_not_for_service. Send an Idempotency-Key header to make a retry return the first booking.',
        params: SlugParams,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
        body: CreateBookingBody,
        response: { 201: BookingResult, ...errorResponses(400, 404, 409, 429, 502) },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      // Business, service, master and chats from the cache or in one round trip; a former slug is resolved apart and its parts read by createBooking.
      const found = await lookUpBookingCached(app.ctx.lookupCache, app.ctx.db, slug, request.body.service_id, request.body.master_id);
      const business = found?.business ?? (await businessBySlugOr404(app.ctx.db, slug));
      const key = callerIdempotencyKey(undefined, request.headers['idempotency-key']);
      const replay = await replayedBooking(app.ctx, business, key, request.body);
      if (replay) return reply.status(201).header('idempotent-replayed', 'true').send(result(replay));
      const telegramUserId = await miniAppUserOf(app.ctx, business, request.headers['x-telegram-init-data']);
      if (telegramUserId === undefined) await verifyCaptcha(config, request.body.captcha_token, request.ip);
      const booking = await createBooking(app.ctx, request.log, business, request.body, key, found, telegramUserId);
      return reply.status(201).send(result(booking));
    },
  );
};
