import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/schemas.js';
import { noSecurity } from '../auth/guards.js';
import { DomainError } from '../../core/errors.js';

const Status = Type.Object({ status: Type.String() });

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      schema: { tags: ['health'], operationId: 'getLiveness', summary: 'Liveness probe', security: noSecurity, response: { 200: Status } },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'Readiness probe: the database answers',
        security: noSecurity,
        response: { 200: Status, ...errorResponses(503) },
      },
    },
    async () => {
      try {
        await app.ctx.database.ping();
      } catch {
        throw new DomainError('unavailable', 'Database unavailable');
      }
      return { status: 'ok' };
    },
  );
};
