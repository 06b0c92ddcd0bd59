import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../../core/errors.js';
import { allow, MASTER_FORBIDDEN, masterScope, scopeAction } from '../identity/guards.js';
import { createMasterWeek, deleteMasterSchedule, getBusinessWeek, getMasterWeek, updateScheduleDay } from './schedules.service.js';
import {
  createMasterScheduleSchema,
  deleteMasterScheduleSchema,
  getBusinessScheduleSchema,
  getMasterScheduleSchema,
  updateScheduleDaySchema,
} from './schedules.schemas.js';

export const scheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get('/schedule', { schema: getBusinessScheduleSchema }, (request) => getBusinessWeek(app.ctx.db, request.provider.businessId));

  app.get(
    '/schedule/master/:master_id',
    {
      config: allow('day.read'),
      schema: getMasterScheduleSchema,
    },
    async (request) => {
      // A master's token reads its own week only (CONTRACT.md §16).
      const own = masterScope(request);
      if (own !== undefined && own !== request.params.master_id) throw forbidden(MASTER_FORBIDDEN);
      return getMasterWeek(app.ctx.db, request.provider.businessId, request.params.master_id);
    },
  );

  app.post('/schedule/master/:master_id', { schema: createMasterScheduleSchema }, async (request, reply) => {
    const created = await createMasterWeek(app.ctx.db, request.provider.businessId, request.params.master_id);
    return reply.status(created.length > 0 ? 201 : 200).send(created);
  });

  app.put('/schedule/:id', { schema: updateScheduleDaySchema }, (request) =>
    updateScheduleDay(app.ctx.db, request.provider.businessId, request.params.id, request.body),
  );

  app.delete('/schedule/master/:master_id', { schema: deleteMasterScheduleSchema }, async (request, reply) => {
    await deleteMasterSchedule(app.ctx.db, request.provider.businessId, request.params.master_id);
    return reply.status(204).send(null);
  });
};
