/** What the password routes (password.routes.ts) take and answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { sessionSecurity, noSecurity } from '../../http/openapi-security.js';
import { PASSWORD_RESET_MINUTES } from './password-reset.js';
import { SessionBody, TokenFields } from './session.schemas.js';

const tags = ['auth'];
const NewPassword = Type.String({ minLength: 8, maxLength: 200 });

const ChangePasswordBody = Type.Object(
  { current_password: Type.String({ minLength: 1, maxLength: 200 }), new_password: NewPassword },
  { additionalProperties: false },
);
const ResetRequestBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });
const ResetConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), new_password: NewPassword },
  { additionalProperties: false },
);
const ResetAccepted = Type.Object({ detail: Type.String() });

export const changePasswordSchema = {
  tags,
  operationId: 'changePassword',
  summary: "Change the admin's password",
  security: sessionSecurity,
  description: `Changes the password; every token issued earlier to the user stops working. A wrong current password is 400. ${TELEGRAM_SESSION_REFUSED}`,
  body: ChangePasswordBody,
  response: { 200: Type.Object(TokenFields), ...errorResponses(400, 401, 403, 429) },
} as const;

export const requestPasswordResetSchema = {
  tags,
  operationId: 'requestPasswordReset',
  summary: 'Send a password reset link to the linked Telegram chat',
  security: noSecurity,
  description: `Always 202 with the same body. For an admin whose business has a linked chat, that chat gets a link {PUBLIC_URL}/admin#reset={token}, valid ${PASSWORD_RESET_MINUTES} minutes, single use.`,
  body: ResetRequestBody,
  response: { 202: ResetAccepted, ...errorResponses(400, 429) },
} as const;

export const confirmPasswordResetSchema = {
  tags,
  operationId: 'confirmPasswordReset',
  summary: 'Set a new password with a reset token',
  security: noSecurity,
  description: 'Sets the new password with a token from the reset link and logs in; a used, expired or unknown token is 400.',
  body: ResetConfirmBody,
  response: { 200: SessionBody, ...errorResponses(400, 404, 429) },
} as const;
