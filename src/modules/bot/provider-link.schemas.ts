/** What the provider's Telegram link routes (provider-link.routes.ts) answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { sessionSecurity } from '../../http/openapi-security.js';

/** DELETE /business/telegram ends the caller's token too; the panel carries on with this one. */
export const FRESH_TOKEN_HEADER = 'x-access-token';

const tags = ['business'];

const TelegramLinkBody = Type.Object({
  start_param: Type.String({ description: 'provider_{business_id}_{code}: the /start parameter that links a chat' }),
  url: Type.String({ description: 'https://t.me/{BOT_USERNAME}?start={start_param}' }),
  linked: Type.Boolean({ description: 'a chat is linked to the business' }),
});

export const getTelegramLinkSchema = {
  tags,
  operationId: 'getTelegramLink',
  summary: 'The link that connects a Telegram chat to the business',
  security: sessionSecurity,
  description: `The deep link that links a Telegram chat to this business (secret: show it to the owner only). 503 when the bot is off. ${TELEGRAM_SESSION_REFUSED}`,
  response: { 200: TelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
} as const;

export const rotateTelegramLinkSchema = {
  tags,
  operationId: 'rotateTelegramLink',
  summary: 'Replace the Telegram link with a new one',
  security: sessionSecurity,
  description: `A new link code: the old link stops working. A chat already linked stays linked; the admin's Telegram id is cleared (the mini app logs that person in as a customer until the chat is linked again) and every Telegram session of the admin ends. ${TELEGRAM_SESSION_REFUSED}`,
  response: { 200: TelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
} as const;

export const unlinkTelegramSchema = {
  tags,
  operationId: 'unlinkTelegram',
  summary: 'Disconnect the linked Telegram chat',
  security: sessionSecurity,
  description:
    "Unlinks the chat: its notifications stop, the admin's Telegram id is cleared and every earlier token of the admin ends; " +
    `the chat is told. The answer's ${FRESH_TOKEN_HEADER} header carries a new token for the caller. ${TELEGRAM_SESSION_REFUSED}`,
  response: {
    204: Type.Null({
      headers: { [FRESH_TOKEN_HEADER]: { type: 'string', description: 'A new token for the caller: the earlier ones ended' } },
    }),
    ...errorResponses(401, 403, 404),
  },
} as const;
