/** /time-off (CONTRACT.md §21): days and hours closed on dates, and Kazakhstan's public holidays. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allow, masterScope, scopeAction } from '../identity/guards.js';
import { bookingBody } from '../bookings/view.js';
import { kazakhstanHolidays } from '../../core/kz-holidays.js';
import { createTimeOff, listTimeOff, removeTimeOff, timeOffBody } from './time-off.service.js';
import { createTimeOffSchema, deleteTimeOffSchema, listHolidaysSchema, listTimeOffSchema } from './time-off.schemas.js';

export const timeOffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'day.write');

  app.get(
    '/time-off',
    {
      config: allow('day.read'),
      schema: listTimeOffSchema,
    },
    async (request) => {
      const rows = await listTimeOff(app.ctx.db, request.provider.businessId, request.query, masterScope(request));
      return rows.map(timeOffBody);
    },
  );

  app.get(
    '/time-off/holidays',
    {
      config: allow('day.read'),
      schema: listHolidaysSchema,
    },
    async (request) => kazakhstanHolidays(request.query.year),
  );

  app.post('/time-off', { schema: createTimeOffSchema }, async (request, reply) => {
    const { row, affected } = await createTimeOff(app.ctx.db, request.provider.businessId, request.body);
    return reply.status(201).send({ time_off: timeOffBody(row), affected: affected.map(bookingBody) });
  });

  app.delete('/time-off/:id', { schema: deleteTimeOffSchema }, async (request, reply) => {
    await removeTimeOff(app.ctx.db, request.provider.businessId, request.params.id);
    return reply.status(204).send(null);
  });
};
