import { Type } from '@sinclair/typebox';
import { BookingBody, DateString, errorResponses, IdParam, Nullable } from '../../http/schemas.js';
import { bearerSecurity as security } from '../../http/openapi-security.js';

const tags = ['time-off'];
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
const HolidayName = Type.String({ minLength: 1 });
const HolidayBody = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD' }),
  name: Type.String({ description: 'In Russian' }),
  names: Type.Object(
    { ru: HolidayName, kk: HolidayName, en: HolidayName },
    { description: 'The name in each language of the pages: Russian (as name), Kazakh and English' },
  ),
});

export const listTimeOffSchema = {
  tags,
  operationId: 'listTimeOff',
  summary: 'Time off touching a range of dates (at most 366 days apart), by date',
  description: "A master's token reads its own master's and the business's only.",
  security,
  querystring: ListQuery,
  response: { 200: Type.Array(TimeOffBody), ...errorResponses(400, 401, 403, 404) },
} as const;

export const listHolidaysSchema = {
  tags,
  operationId: 'listHolidays',
  summary: "Kazakhstan's public holidays of a year",
  description: 'Kurban ait is 10 Dhu al-Hijjah by the Umm al-Qura calendar and may differ by a day from the date announced in Kazakhstan.',
  security,
  querystring: HolidaysQuery,
  response: { 200: Type.Array(HolidayBody), ...errorResponses(400, 401) },
} as const;

export const createTimeOffSchema = {
  tags,
  operationId: 'createTimeOff',
  summary: 'Close days or hours; answers the bookings already inside the closed time',
  security,
  body: CreateBody,
  response: {
    201: Type.Object({ time_off: TimeOffBody, affected: Type.Array(BookingBody) }),
    ...errorResponses(400, 401, 403, 404),
  },
} as const;

export const deleteTimeOffSchema = {
  tags,
  operationId: 'deleteTimeOff',
  summary: 'Open again what a time off closed',
  security,
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
