import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden, notFound } from '../../core/errors.js';
import { errorResponses, IdParam, Nullable, ScheduleRowBody } from '../../http/schemas.js';
import { allow, MASTER_FORBIDDEN, masterScope, scopeAction } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { findMasterRow } from '../catalog/masters.queries.js';
import { markHoursSaved } from '../catalog/business.queries.js';
import { type ScheduleValues } from './defaults.js';
import { businessWeek, deleteMasterWeek, findScheduleRow, masterWeek, scheduleRowBody, updateScheduleRow } from './queries.js';
import { giveMasterOwnWeek } from './service.js';

/** HH:MM; 24:00 is allowed as the end of a day. */
const ScheduleTime = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$', description: 'HH:MM' });
const BreakTime = Nullable(ScheduleTime);

/** SPEC.md: camelCase or snake_case accepted. No start < end check exists (SPEC.md). */
const UpdateSchedule = Type.Object(
  {
    startTime: Type.Optional(ScheduleTime),
    start_time: Type.Optional(ScheduleTime),
    endTime: Type.Optional(ScheduleTime),
    end_time: Type.Optional(ScheduleTime),
    isActive: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    breakStartTime: Type.Optional(BreakTime),
    break_start_time: Type.Optional(BreakTime),
    breakEndTime: Type.Optional(BreakTime),
    break_end_time: Type.Optional(BreakTime),
  },
  { additionalProperties: false },
);

function scheduleChanges(body: Static<typeof UpdateSchedule>): Partial<ScheduleValues> {
  const pick = <T>(camel: T | undefined, snake: T | undefined): T | undefined => (camel !== undefined ? camel : snake);
  const candidates: Partial<ScheduleValues> = {
    startTime: pick(body.startTime, body.start_time),
    endTime: pick(body.endTime, body.end_time),
    isActive: pick(body.isActive, body.is_active),
    breakStartTime: pick(body.breakStartTime, body.break_start_time),
    breakEndTime: pick(body.breakEndTime, body.break_end_time),
  };
  return Object.fromEntries(Object.entries(candidates).filter(([, value]) => value !== undefined));
}

const MasterParams = Type.Object({ master_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const Week = Type.Array(ScheduleRowBody);

export const scheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['schedules'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  async function ownMaster(businessId: number, masterId: number): Promise<void> {
    if (!(await findMasterRow(app.ctx.db, businessId, masterId))) throw notFound('Master');
  }

  app.get(
    '/schedule',
    {
      schema: {
        tags,
        operationId: 'getBusinessSchedule',
        summary: 'Weekly hours of the business',
        security,
        response: { 200: Week, ...errorResponses(401, 403) },
      },
    },
    async (request) => (await businessWeek(app.ctx.db, request.provider.businessId)).map(scheduleRowBody),
  );

  app.get(
    '/schedule/master/:master_id',
    {
      config: allow('day.read'),
      schema: {
        tags,
        operationId: 'getMasterSchedule',
        summary: 'Weekly hours of a master',
        security,
        params: MasterParams,
        response: { 200: Week, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.provider;
      // A master's token reads its own week only (CONTRACT.md §16).
      const own = masterScope(request);
      if (own !== undefined && own !== request.params.master_id) throw forbidden(MASTER_FORBIDDEN);
      await ownMaster(businessId, request.params.master_id);
      return (await masterWeek(app.ctx.db, businessId, request.params.master_id)).map(scheduleRowBody);
    },
  );

  app.post(
    '/schedule/master/:master_id',
    {
      schema: {
        tags,
        operationId: 'createMasterSchedule',
        summary: 'Give a master their own week (201), or return the existing one (200)',
        security,
        params: MasterParams,
        response: { 200: Week, 201: Week, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      const masterId = request.params.master_id;
      await ownMaster(businessId, masterId);
      const created = await giveMasterOwnWeek(app.ctx.db, businessId, masterId);
      return reply.status(created.length > 0 ? 201 : 200).send(created.map(scheduleRowBody));
    },
  );

  app.put(
    '/schedule/:id',
    {
      schema: {
        tags,
        operationId: 'updateScheduleDay',
        summary: 'Change one day of a week',
        description: "Also marks the business's hours as set by the owner (`hours_saved`); an empty body confirms the day as it is.",
        security,
        params: IdParam,
        body: UpdateSchedule,
        response: { 200: ScheduleRowBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findScheduleRow(app.ctx.db, request.params.id, request.provider.businessId);
      if (!row) throw notFound('Schedule');
      const changes = scheduleChanges(request.body);
      await markHoursSaved(app.ctx.db, request.provider.businessId);
      return scheduleRowBody(Object.keys(changes).length ? await updateScheduleRow(app.ctx.db, row.id, changes) : row);
    },
  );

  app.delete(
    '/schedule/master/:master_id',
    {
      schema: {
        tags,
        operationId: 'deleteMasterSchedule',
        summary: "Drop a master's own week: the business hours apply again",
        security,
        params: MasterParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      await ownMaster(businessId, request.params.master_id);
      await deleteMasterWeek(app.ctx.db, businessId, request.params.master_id);
      return reply.status(204).send(null);
    },
  );
};
