/** The bookings module's routes: the public booking, the mini app's own, the owner's, their free times, overview and live events. */
import type { FastifyPluginAsync } from 'fastify';
import { eventRoutes } from './events.routes.js';
import { freeTimesRoutes } from './free-times.routes.js';
import { myBookingsRoutes } from './my-bookings.routes.js';
import { overviewRoutes } from './overview.routes.js';
import { providerBookingRoutes } from './provider-bookings.routes.js';
import { publicBookingRoutes } from './public-booking.routes.js';

export const bookingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publicBookingRoutes);
  await app.register(myBookingsRoutes);
  await app.register(providerBookingRoutes);
  await app.register(freeTimesRoutes);
  await app.register(overviewRoutes);
  await app.register(eventRoutes);
};
