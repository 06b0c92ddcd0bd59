import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getLivenessSchema, getReadinessSchema } from './health.schemas.js';
import { checkReadiness } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: getLivenessSchema }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: getReadinessSchema }, async () => checkReadiness(app.ctx.database, app.databaseRefusedAt));
};
