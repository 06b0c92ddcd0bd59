/** CONTRACT.md §20's routes: a visit booked publicly or by the owner, read, changed and deleted as one. */
import type { FastifyPluginAsync } from 'fastify';
import { providerVisitRoutes } from './provider-visits.routes.js';
import { publicVisitRoutes } from './public-visits.routes.js';
import { visitFreeTimesRoutes } from './free-times.routes.js';

export const visitRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publicVisitRoutes);
  await app.register(providerVisitRoutes);
  await app.register(visitFreeTimesRoutes);
};
