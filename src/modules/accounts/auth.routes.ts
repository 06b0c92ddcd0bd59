import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { allow, scopeAction } from '../identity/guards.js';
import { passwordRoutes } from './password.routes.js';
import { apiKeyRoutes } from './api-keys.routes.js';
import { getMeSchema, loginSchema, registerSchema } from './auth.schemas.js';
import { describeCaller, openPasswordSession, signUp } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const { rateLimits } = app.ctx.config;

  app.post('/auth/register', { config: perMinute(rateLimits.register), schema: registerSchema }, async (request, reply) =>
    reply.status(201).send(await signUp(app.ctx, request.body, request.ip)),
  );

  app.post('/auth/login', { config: perMinute(rateLimits.login), schema: loginSchema }, async (request) =>
    openPasswordSession(app.ctx, request.body.email, request.body.password),
  );

  app.get(
    '/auth/me',
    {
      config: allow('me.read'),
      schema: getMeSchema,
    },
    async (request) => describeCaller(app.ctx, request.provider, request.master),
  );

  await app.register(passwordRoutes);
  await app.register(apiKeyRoutes);
};
