import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getLivenessSchema, getReadinessSchema } from './health.schemas.js';
import { checkReadiness } from './health.service.js';
import { scopeAction } from '../identity/guards.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get('/healthz', { schema: getLivenessSchema }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: getReadinessSchema }, async () => checkReadiness(app.ctx.database, app.databaseRefusedAt));
};
