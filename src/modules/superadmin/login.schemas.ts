/** What POST /superadmin/login (login.routes.ts) takes and answers, and how OpenAPI describes it. */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';

export const superadminLoginSchema = {
  tags: ['superadmin'],
  operationId: 'superadminLogin',
  summary: 'Log in as the platform super admin',
  security: noSecurity,
  body: Type.Object({ username: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 200 }) }),
  response: {
    200: Type.Object({ access_token: Type.String(), token_type: Type.Literal('bearer') }),
    ...errorResponses(400, 401, 429, 503),
  },
} as const;
