import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPublicConfigSchema } from './public-config.schemas.js';
import { readPublicConfig } from './public-config.service.js';
import { scopeAction } from '../identity/guards.js';

export const publicConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get('/public-config', { schema: getPublicConfigSchema }, async () => readPublicConfig(app.ctx.config));
};
