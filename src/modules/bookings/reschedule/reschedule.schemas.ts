/** The OpenAPI of the owner's reschedule proposals (reschedule.routes.ts). */
import { Type } from '@sinclair/typebox';
import { wallClockSchema } from '../../../core/wall-clock-input.js';
import { errorResponses, ProposalBody } from '../../../http/schemas.js';
import { bearerSecurity } from '../../../http/openapi-security.js';

const tags = ['reschedule'];
const security = bearerSecurity;

const BookingParam = Type.Object({ booking_id: Type.String({ maxLength: 64 }) });

const ProposalRequest = Type.Object({
  proposed_date: Type.String({ ...wallClockSchema('wall-date'), description: 'YYYY-MM-DD; any existing date' }),
  proposed_time: Type.String({ ...wallClockSchema('wall-time'), description: 'HH:MM; availability is not checked' }),
});

export const proposeRescheduleSchema = {
  tags,
  operationId: 'proposeReschedule',
  summary: 'Propose a new time to the client',
  security,
  description: 'Proposes a new time to the client (PROVIDER_WEB); `notified` tells whether the client got it in Telegram.',
  params: BookingParam,
  body: ProposalRequest,
  response: { 201: Type.Object({ proposal: ProposalBody, notified: Type.Boolean() }), ...errorResponses(400, 401, 403, 404, 409) },
} as const;

export const listRescheduleProposalsSchema = {
  tags,
  operationId: 'listRescheduleProposals',
  summary: 'Reschedule proposals of a booking',
  security,
  description: 'Proposals of the booking, newest first; PENDING ones past expires_at become EXPIRED first.',
  params: BookingParam,
  response: { 200: Type.Array(ProposalBody), ...errorResponses(401, 403, 404) },
} as const;
