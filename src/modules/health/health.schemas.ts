/** What /healthz and /readyz (health.routes.ts) answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';

const tags = ['health'];
const Status = Type.Object({ status: Type.String() });

export const getLivenessSchema = {
  tags,
  operationId: 'getLiveness',
  summary: 'Liveness probe',
  security: noSecurity,
  response: { 200: Status },
} as const;

export const getReadinessSchema = {
  tags,
  operationId: 'getReadiness',
  summary: 'Readiness probe: the database answers',
  security: noSecurity,
  response: { 200: Status, ...errorResponses(503) },
} as const;
