import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, notFound } from '../../http/errors.js';
import { BookingBody, BookingStatusSchema, DateString, errorResponses } from '../../http/schemas.js';
import { addDays, isValidDate } from '../../time/wallclock.js';
import type { BookingStatus } from '../../db/schema.js';
import { bearerSecurity, requireProvider } from '../auth/guards.js';
import { listBookingViews } from './queries.js';
import { publicBookingRoutes } from './public.routes.js';
import { changeStatus, findBookingView, removeBooking } from './status.js';
import { bookingBody } from './view.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Booking ids are UUIDs; anything else simply names no booking (404), like another business's id. */
export const BookingIdParam = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const isUuid = (value: string): boolean => UUID_RE.test(value);

const ListQuery = Type.Object({
  date: Type.Optional(DateString),
  date_from: Type.Optional(DateString),
  date_to: Type.Optional(DateString),
  status: Type.Optional(BookingStatusSchema),
  master_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});

function checkedDate(value: string | undefined, field: string): string | undefined {
  if (value !== undefined && !isValidDate(value)) throw badRequest(`Invalid ${field}: expected an existing YYYY-MM-DD date`, field);
  return value;
}

const providerBookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['bookings'];
  const security = bearerSecurity;
  app.addHook('onRequest', requireProvider);

  async function ownBooking(businessId: number, id: string) {
    const booking = isUuid(id) ? await findBookingView(app.ctx.db, id, businessId) : undefined;
    if (!booking) throw notFound('Booking');
    return booking;
  }

  app.get(
    '/bookings',
    { schema: { tags, security, querystring: ListQuery, response: { 200: Type.Array(BookingBody), ...errorResponses(400) } } },
    async (request) => {
      const { status, master_id } = request.query;
      const date = checkedDate(request.query.date, 'date');
      const from = checkedDate(request.query.date_from, 'date_from') ?? date;
      const to = checkedDate(request.query.date_to, 'date_to') ?? date;
      const views = await listBookingViews(app.ctx.db, {
        businessId: request.provider.businessId,
        from: from ? `${from}T00:00:00` : undefined,
        to: to ? `${addDays(to, 1)}T00:00:00` : undefined,
        status: status as BookingStatus | undefined,
        masterId: master_id,
      });
      return views.map(bookingBody);
    },
  );

  app.get(
    '/bookings/:id',
    { schema: { tags, security, params: BookingIdParam, response: { 200: BookingBody, ...errorResponses(404) } } },
    async (request) => bookingBody(await ownBooking(request.provider.businessId, request.params.id)),
  );

  app.patch(
    '/bookings/:id',
    {
      schema: {
        tags,
        security,
        description: 'Sets any status from any status (SPEC.md); the client is notified of confirmed, cancelled and completed.',
        params: BookingIdParam,
        body: Type.Object({ status: BookingStatusSchema }),
        response: { 200: BookingBody, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const booking = await ownBooking(request.provider.businessId, request.params.id);
      return bookingBody(await changeStatus(app.ctx, request.log, booking, request.body.status as BookingStatus));
    },
  );

  app.delete(
    '/bookings/:id',
    { schema: { tags, security, params: BookingIdParam, response: { 204: Type.Null(), ...errorResponses(404) } } },
    async (request, reply) => {
      const booking = await ownBooking(request.provider.businessId, request.params.id);
      await removeBooking(app.ctx, request.log, booking);
      return reply.status(204).send(null);
    },
  );
};

export const bookingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publicBookingRoutes);
  await app.register(providerBookingRoutes);
};
