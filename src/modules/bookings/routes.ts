import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidInput, notFound } from '../../core/errors.js';
import {
  BookingBody,
  BookingStatusSchema,
  DateString,
  DateTimeQuery,
  errorResponses,
  MAX_PAGE,
  PageQuery,
  pageTotal,
  TimeString,
  TOTAL_HEADER,
} from '../../http/schemas.js';
import { addDays } from '../../core/wallclock.js';
import type { BookingStatus } from '../../db/schema.js';
import { admitAlso, allow, masterScope, scopeAction } from '../identity/guards.js';
import { BookingIdParam, findOwnBooking } from './own-booking.js';
import { freeTimesRoutes } from './free-times.routes.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { createOwnerBooking, messengerUrl, replayedBooking } from './create.js';
import { callerIdempotencyKey } from './idempotency.js';
import { moveOwnBooking } from './move.js';
import { overviewRoutes } from './overview.js';
import { eventRoutes } from './events.routes.js';
import { countBookings, countDeletedBookings, DELETED_KEPT_DAYS, listBookingViews, listDeletedBookings } from './queries.js';
import { CreateBookingBody, publicBookingRoutes } from './public.routes.js';
import { myBookingsRoutes } from './my-bookings.routes.js';
import { changeStatus, removeBooking } from './status.js';
import { bookingBody, type BookingView } from './view.js';

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

const providerBookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['bookings'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  async function ownBusiness(businessId: number) {
    const business = await findBusinessById(app.ctx.db, businessId);
    if (!business) throw notFound('Business');
    return business;
  }

  const ownBooking = (businessId: number, id: string, masterId: number | undefined) => findOwnBooking(app.ctx.db, businessId, id, masterId);

  app.get(
    '/bookings',
    {
      config: allow('day.read'),
      schema: {
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
      },
    },
    async (request, reply) => {
      const { status, master_id, client_id, limit, offset } = request.query;
      const date = request.query.date;
      const from = request.query.date_from ?? date;
      const to = request.query.date_to ?? date;
      const filter = {
        businessId: request.provider.businessId,
        from: from ? `${from}T00:00:00` : undefined,
        to: to ? `${addDays(to, 1)}T00:00:00` : undefined,
        status: status as BookingStatus | undefined,
        masterId: masterScope(request) ?? master_id,
        clientId: client_id,
        updatedSince: request.query.updated_since,
      };
      const page = { limit: limit ?? MAX_PAGE, offset };
      const views = await listBookingViews(app.ctx.db, filter, page);
      reply.header(TOTAL_HEADER, await pageTotal(views.length, page, () => countBookings(app.ctx.db, filter)));
      return views.map(bookingBody);
    },
  );

  app.get(
    '/bookings/deleted',
    {
      schema: {
        tags,
        operationId: 'listDeletedBookings',
        summary: 'Bookings deleted since a moment (incremental sync)',
        security,
        description:
          `CONTRACT.md §14: the ids of the bookings deleted at or after \`since\`, oldest first (then by id), kept ${DELETED_KEPT_DAYS} days. ` +
          'One page: limit (1-1000, 1000 when not given) and offset; X-Total-Count holds the number of matching ones.',
        querystring: DeletedQuery,
        response: { 200: Type.Array(DeletedBody), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      const since = request.query.since;
      const page = { limit: request.query.limit ?? MAX_PAGE, offset: request.query.offset ?? 0 };
      const rows = await listDeletedBookings(app.ctx.db, businessId, since, page);
      reply.header(TOTAL_HEADER, await pageTotal(rows.length, page, () => countDeletedBookings(app.ctx.db, businessId, since)));
      return rows.map((row) => ({ id: row.id, deleted_at: row.deletedAt }));
    },
  );

  app.post(
    '/bookings',
    {
      schema: {
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
      },
    },
    async (request, reply) => {
      const business = await ownBusiness(request.provider.businessId);
      const key = callerIdempotencyKey(request.provider, request.headers['idempotency-key']);
      const result = (booking: BookingView) => ({
        ...bookingBody(booking),
        messenger_url: messengerUrl(app.ctx.config.botUsername, booking.id),
      });
      const replay = await replayedBooking(app.ctx, business, key, request.body, 'owner');
      if (replay) return reply.status(201).header('idempotent-replayed', 'true').send(result(replay));
      const booking = await createOwnerBooking(app.ctx, request.log, business, request.body, key);
      return reply.status(201).send(result(booking));
    },
  );

  app.get(
    '/bookings/:id',
    {
      config: allow('day.read'),
      schema: {
        tags,
        operationId: 'getBooking',
        summary: 'One booking',
        security,
        params: BookingIdParam,
        response: { 200: BookingBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => bookingBody(await ownBooking(request.provider.businessId, request.params.id, masterScope(request))),
  );

  app.patch(
    '/bookings/:id',
    {
      config: allow('booking.decide'),
      schema: {
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
      },
    },
    async (request) => {
      const { status, date, time, master_id } = request.body;
      if (status === undefined && date === undefined && time === undefined && master_id === undefined) {
        throw invalidInput('Nothing to change: send status, date, time or master_id');
      }
      const moves = date !== undefined || time !== undefined || master_id !== undefined;
      if (moves) admitAlso(request, 'day.write');
      let booking = await ownBooking(request.provider.businessId, request.params.id, masterScope(request));
      if (date !== undefined || time !== undefined || master_id !== undefined) {
        const business = await ownBusiness(request.provider.businessId);
        booking = await moveOwnBooking(app.ctx, request.log, business, booking, { date, time, master_id });
      }
      if (status !== undefined) booking = await changeStatus(app.ctx, request.log, booking, status as BookingStatus);
      return bookingBody(booking);
    },
  );

  app.delete(
    '/bookings/:id',
    {
      schema: {
        tags,
        operationId: 'deleteBooking',
        summary: 'Delete a booking',
        security,
        params: BookingIdParam,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const booking = await ownBooking(request.provider.businessId, request.params.id, undefined);
      await removeBooking(app.ctx, request.log, booking);
      return reply.status(204).send(null);
    },
  );
};

export const bookingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publicBookingRoutes);
  await app.register(myBookingsRoutes);
  await app.register(providerBookingRoutes);
  await app.register(freeTimesRoutes);
  await app.register(overviewRoutes);
  await app.register(eventRoutes);
};
