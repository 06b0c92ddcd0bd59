import { Type, type Static } from '@sinclair/typebox';
import { errorResponses, IdParam, Nullable, ScheduleRowBody } from '../../http/schemas.js';
import { bearerSecurity as security } from '../../http/openapi-security.js';

const tags = ['schedules'];
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
export type UpdateScheduleInput = Static<typeof UpdateSchedule>;

const MasterParams = Type.Object({ master_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const Week = Type.Array(ScheduleRowBody);

export const getBusinessScheduleSchema = {
  tags,
  operationId: 'getBusinessSchedule',
  summary: 'Weekly hours of the business',
  security,
  response: { 200: Week, ...errorResponses(401, 403) },
} as const;

export const getMasterScheduleSchema = {
  tags,
  operationId: 'getMasterSchedule',
  summary: 'Weekly hours of a master',
  security,
  params: MasterParams,
  response: { 200: Week, ...errorResponses(401, 403, 404) },
} as const;

export const createMasterScheduleSchema = {
  tags,
  operationId: 'createMasterSchedule',
  summary: 'Give a master their own week (201), or return the existing one (200)',
  security,
  params: MasterParams,
  response: { 200: Week, 201: Week, ...errorResponses(401, 403, 404) },
} as const;

export const updateScheduleDaySchema = {
  tags,
  operationId: 'updateScheduleDay',
  summary: 'Change one day of a week',
  description: "Also marks the business's hours as set by the owner (`hours_saved`); an empty body confirms the day as it is.",
  security,
  params: IdParam,
  body: UpdateSchedule,
  response: { 200: ScheduleRowBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const deleteMasterScheduleSchema = {
  tags,
  operationId: 'deleteMasterSchedule',
  summary: "Drop a master's own week: the business hours apply again",
  security,
  params: MasterParams,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
