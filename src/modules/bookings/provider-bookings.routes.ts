/** The owner's bookings (CONTRACT.md §12-§14): list, sync, enter, read, change and delete; a master's token as §16 allows. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOTAL_HEADER } from '../../http/schemas.js';
import { admitAlso, allow, masterScope, scopeAction } from '../identity/guards.js';
import { sendCreated } from './idempotency.js';
import { findOwnBooking, ownBookingRef } from './own-booking.js';
import {
  createBookingSchema,
  deleteBookingSchema,
  getBookingSchema,
  listBookingsSchema,
  listDeletedBookingsSchema,
  updateBookingSchema,
} from './provider-bookings.schemas.js';
import {
  deleteOwnBooking,
  enterOwnerBooking,
  listDeletedSince,
  listOwnBookings,
  movesBooking,
  ownerBookingBody,
  updateOwnBooking,
} from './provider-bookings.service.js';
import { bookingBody } from './view.js';

export const providerBookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get('/bookings', { config: allow('day.read'), schema: listBookingsSchema }, async (request, reply) => {
    const { bookings, total } = await listOwnBookings(app.ctx, request.provider.businessId, masterScope(request), request.query);
    reply.header(TOTAL_HEADER, total);
    return bookings.map(bookingBody);
  });

  app.get('/bookings/deleted', { schema: listDeletedBookingsSchema }, async (request, reply) => {
    const { deleted, total } = await listDeletedSince(app.ctx, request.provider.businessId, request.query);
    reply.header(TOTAL_HEADER, total);
    return deleted;
  });

  app.post('/bookings', { schema: createBookingSchema }, async (request, reply) => {
    const { answer, replayed } = await enterOwnerBooking(
      app.ctx,
      request.log,
      request.provider,
      request.body,
      request.headers['idempotency-key'],
    );
    return sendCreated(reply, replayed, ownerBookingBody(app.ctx.config.botUsername, answer));
  });

  app.get('/bookings/:id', { config: allow('day.read'), schema: getBookingSchema }, async (request) =>
    bookingBody(await findOwnBooking(app.ctx.db, request.provider.businessId, request.params.id, masterScope(request))),
  );

  app.patch('/bookings/:id', { config: allow('booking.decide'), schema: updateBookingSchema }, async (request) => {
    const moves = movesBooking(request.body);
    if (moves) admitAlso(request, 'day.write');
    return bookingBody(await updateOwnBooking(app.ctx, request.log, ownBookingRef(request, request.params.id), request.body));
  });

  app.delete('/bookings/:id', { schema: deleteBookingSchema }, async (request, reply) => {
    await deleteOwnBooking(app.ctx, request.log, request.provider.businessId, request.params.id);
    return reply.status(204).send(null);
  });
};
