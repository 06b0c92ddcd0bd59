import type { FastifyPluginAsync } from 'fastify';
import { businessRoutes } from './business.routes.js';
import { categoryRoutes } from './categories.routes.js';
import { masterRoutes } from './masters.routes.js';
import { publicCatalogRoutes } from './public-catalog.routes.js';
import { serviceRoutes } from './services.routes.js';

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publicCatalogRoutes);
  await app.register(businessRoutes);
  await app.register(categoryRoutes);
  await app.register(serviceRoutes);
  await app.register(masterRoutes);
};
