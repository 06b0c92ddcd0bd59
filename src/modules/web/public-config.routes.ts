import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPublicConfigSchema } from './public-config.schemas.js';
import { readPublicConfig } from './public-config.service.js';

export const publicConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/public-config', { schema: getPublicConfigSchema }, async () => readPublicConfig(app.ctx.config));
};
