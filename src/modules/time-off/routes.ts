/** /time-off (CONTRACT.md §21): days and hours closed on dates, and Kazakhstan's public holidays. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BookingBody, DateString, errorResponses, IdParam, Nullable } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { allow, masterScope, scopeAction } from '../identity/guards.js';
import { bookingBody } from '../bookings/view.js';
import { kazakhstanHolidays } from '../../core/kz-holidays.js';
import type { TimeOffRow } from './queries.js';
import { createTimeOff, removeTimeOff, timeOffList } from './service.js';

/** HH:MM; 24:00 is allowed as the end of a day (as in a schedule row). */
const ClosedTime = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$', description: 'HH:MM' });
const MasterId = Type.Integer({ minimum: 1, maximum: 2147483647 });

const TimeOffBody = Type.Object({
  id: Type.Integer(),
  master_id: Nullable(Type.Integer({ description: 'null: the whole business (every master)' })),
  date_from: Type.String({ description: 'YYYY-MM-DD' }),
  date_to: Type.String({ description: 'YYYY-MM-DD, included' }),
  start_time: Nullable(Type.String({ description: 'HH:MM; null with end_time: whole days' })),
  end_time: Nullable(Type.String({ description: 'HH:MM' })),
  note: Nullable(Type.String()),
});

const CreateBody = Type.Object(
  {
    master_id: Type.Optional(Nullable(MasterId)),
    date_from: DateString,
    date_to: DateString,
    start_time: Type.Optional(ClosedTime),
    end_time: Type.Optional(ClosedTime),
    note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  {
    additionalProperties: false,
    description:
      'Without times: whole days from date_from to date_to (at most 366 days later); with start_time < end_time: those hours of each day. ' +
      'master_id null or absent closes the business.',
  },
);

const ListQuery = Type.Object({
  from: DateString,
  to: DateString,
  master_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: "What closes that master: the business's and theirs" }),
  ),
});

const HolidaysQuery = Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2100 }) });
const HolidayBody = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), name: Type.String() });

const timeOffBody = (row: TimeOffRow) => ({
  id: row.id,
  master_id: row.masterId,
  date_from: row.dateFrom,
  date_to: row.dateTo,
  start_time: row.startTime,
  end_time: row.endTime,
  note: row.note,
});

export const timeOffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['time-off'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  app.get(
    '/time-off',
    {
      config: allow('day.read'),
      schema: {
        tags,
        operationId: 'listTimeOff',
        summary: 'Time off touching a range of dates (at most 366 days apart), by date',
        description: "A master's token reads its own master's and the business's only.",
        security,
        querystring: ListQuery,
        response: { 200: Type.Array(TimeOffBody), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const rows = await timeOffList(app.ctx.db, request.provider.businessId, request.query, masterScope(request));
      return rows.map(timeOffBody);
    },
  );

  app.get(
    '/time-off/holidays',
    {
      config: allow('day.read'),
      schema: {
        tags,
        operationId: 'listHolidays',
        summary: "Kazakhstan's public holidays of a year",
        description:
          'Kurban ait is 10 Dhu al-Hijjah by the Umm al-Qura calendar and may differ by a day from the date announced in Kazakhstan.',
        security,
        querystring: HolidaysQuery,
        response: { 200: Type.Array(HolidayBody), ...errorResponses(400, 401) },
      },
    },
    async (request) => kazakhstanHolidays(request.query.year),
  );

  app.post(
    '/time-off',
    {
      schema: {
        tags,
        operationId: 'createTimeOff',
        summary: 'Close days or hours; answers the bookings already inside the closed time',
        security,
        body: CreateBody,
        response: {
          201: Type.Object({ time_off: TimeOffBody, affected: Type.Array(BookingBody) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { row, affected } = await createTimeOff(app.ctx.db, request.provider.businessId, request.body);
      return reply.status(201).send({ time_off: timeOffBody(row), affected: affected.map(bookingBody) });
    },
  );

  app.delete(
    '/time-off/:id',
    {
      schema: {
        tags,
        operationId: 'deleteTimeOff',
        summary: 'Open again what a time off closed',
        security,
        params: IdParam,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeTimeOff(app.ctx.db, request.provider.businessId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
