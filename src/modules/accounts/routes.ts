import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import { perMinute } from '../../http/rate-limit.js';
import { BusinessBody, errorResponses, MasterUserBody, NonBlank, ServiceBody, UserBody } from '../../http/schemas.js';
import { businessBody, findBusinessById } from '../catalog/business.queries.js';
import { verifyCaptcha } from '../identity/captcha.js';
import { allow, scopeAction } from '../identity/guards.js';
import { findMasterSession } from '../identity/master-session.queries.js';
import { sessionSecurity, noSecurity } from '../../http/openapi-security.js';
import { findUserById, userBody } from '../identity/users.queries.js';
import { login, register } from './registration.js';
import { sessionFor } from './session.js';
import { passwordRoutes } from './password.routes.js';
import { apiKeyRoutes } from './api-keys.routes.js';
import { SessionBody, TokenFields } from './schemas.js';

const RegisterBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 8, maxLength: 200 }),
    full_name: NonBlank(200),
    business_name: NonBlank(200),
    phone: Type.String({ minLength: 1, maxLength: 40 }),
    address: Type.Optional(Type.String({ maxLength: 500 })),
    service: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Type.String({ maxLength: 200 })),
          duration: Type.Optional(Type.Integer({ minimum: -100000, maximum: 1440 })),
          price: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
        },
        { additionalProperties: false },
      ),
    ),
    captcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: false },
);

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

const RegisteredBody = Type.Object({ ...TokenFields, user: UserBody, business: BusinessBody, service: ServiceBody });
const MeBody = Type.Object({ user: Type.Union([UserBody, MasterUserBody]), business: BusinessBody });

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const tags = ['auth'];
  const { rateLimits } = app.ctx.config;

  app.post(
    '/auth/register',
    {
      config: perMinute(rateLimits.register),
      schema: {
        tags,
        operationId: 'register',
        summary: 'Register a business with its admin and first service',
        security: noSecurity,
        body: RegisterBody,
        response: { 201: RegisteredBody, ...errorResponses(400, 409, 429, 502) },
      },
    },
    async (request, reply) => {
      await verifyCaptcha(app.ctx.config, request.body.captcha_token, request.ip);
      const { user, business, service } = await register(app.ctx, request.body);
      const access_token = await app.ctx.tokens.signUser(user, 'password');
      return reply.status(201).send({
        access_token,
        token_type: 'bearer' as const,
        user: userBody(user),
        business: businessBody(business),
        service,
      });
    },
  );

  app.post(
    '/auth/login',
    {
      config: perMinute(rateLimits.login),
      schema: {
        tags,
        operationId: 'login',
        summary: 'Log in as a business admin',
        security: noSecurity,
        body: LoginBody,
        response: { 200: SessionBody, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      return sessionFor(app.ctx, await login(app.ctx, request.body.email, request.body.password));
    },
  );

  app.get(
    '/auth/me',
    {
      config: allow('me.read'),
      schema: {
        tags,
        operationId: 'getMe',
        summary: 'The logged-in admin (or master) and their business',
        description: 'A master\'s token (CONTRACT.md §16) answers `user: {role: "MASTER", master_id, full_name}`.',
        security: sessionSecurity,
        response: { 200: MeBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const business = await findBusinessById(app.ctx.db, request.provider.businessId);
      if (request.master) {
        const master = await findMasterSession(app.ctx.db, request.master.masterId);
        if (!master || !business) throw notFound('User');
        // The owner's chat is not the master's to know.
        const user = { role: 'MASTER' as const, master_id: master.id, full_name: master.name };
        return { user, business: { ...businessBody(business), messenger_chat_id: null } };
      }
      const user = await findUserById(app.ctx.db, request.provider.userId);
      if (!user || !business) throw notFound('User');
      return { user: userBody(user), business: businessBody(business) };
    },
  );

  await app.register(passwordRoutes);
  await app.register(apiKeyRoutes);
};
