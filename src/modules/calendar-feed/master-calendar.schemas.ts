/** What the panel's calendar-feed routes (master-calendar.routes.ts) answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParam } from '../../http/schemas.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';

const tags = ['catalog'];
const security = bearerSecurity;

const CalendarBody = Type.Object({
  url: Type.String({ description: '{PUBLIC_URL}/ics/{token}.ics: anyone with it reads the feed, so share it like a password' }),
});

export const getMasterCalendarSchema = {
  tags,
  operationId: 'getMasterCalendar',
  summary: "The address of a master's calendar feed",
  description: `Made on the first ask and kept until rotated. Calendar apps subscribe to it (webcal:// works too). ${TELEGRAM_SESSION_REFUSED}`,
  security,
  params: IdParam,
  response: { 200: CalendarBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const rotateMasterCalendarSchema = {
  tags,
  operationId: 'rotateMasterCalendar',
  summary: "A new address for a master's calendar feed; the old one answers 404",
  description: TELEGRAM_SESSION_REFUSED,
  security,
  params: IdParam,
  response: { 200: CalendarBody, ...errorResponses(400, 401, 403, 404) },
} as const;
