/** What POST /auth/register, POST /auth/login and GET /auth/me (auth.routes.ts) take and answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { BusinessBody, errorResponses, MasterUserBody, NonBlank, ServiceBody, UserBody } from '../../http/schemas.js';
import { sessionSecurity, noSecurity } from '../../http/openapi-security.js';
import { SessionBody, TokenFields } from './session.schemas.js';

const tags = ['auth'];

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

export const registerSchema = {
  tags,
  operationId: 'register',
  summary: 'Register a business with its admin and first service',
  security: noSecurity,
  body: RegisterBody,
  response: { 201: RegisteredBody, ...errorResponses(400, 409, 429, 502) },
} as const;

export const loginSchema = {
  tags,
  operationId: 'login',
  summary: 'Log in as a business admin',
  security: noSecurity,
  body: LoginBody,
  response: { 200: SessionBody, ...errorResponses(400, 401, 429) },
} as const;

export const getMeSchema = {
  tags,
  operationId: 'getMe',
  summary: 'The logged-in admin (or master) and their business',
  description: 'A master\'s token (CONTRACT.md §16) answers `user: {role: "MASTER", master_id, full_name}`.',
  security: sessionSecurity,
  response: { 200: MeBody, ...errorResponses(401, 403, 404) },
} as const;
