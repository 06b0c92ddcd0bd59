import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';
import { DomainError } from '../../core/errors.js';
import { scopeAction } from '../identity/guards.js';

const Status = Type.Object({ status: Type.String() });

/** How long a database refusal keeps /readyz at 503. */
const RECENT_REFUSAL_MS = 10_000;

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
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
      // A database that answers a ping may still refuse writes (disk full, read-only): a refusal that recent says so too.
      const refusedAt = app.databaseRefusedAt;
      if (refusedAt !== undefined && performance.now() - refusedAt < RECENT_REFUSAL_MS) {
        throw new DomainError('unavailable', 'Database refused a request in the last 10 s (disk full, read-only or out of connections)');
      }
      return { status: 'ok' };
    },
  );
};
