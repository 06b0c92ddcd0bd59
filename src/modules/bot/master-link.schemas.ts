/** What a master's Telegram link routes (master-link.routes.ts) answer, and how OpenAPI describes them. */
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParam } from '../../http/schemas.js';
import { sessionSecurity } from '../../http/openapi-security.js';
import { TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';

const tags = ['catalog'];

const MasterTelegramLinkBody = Type.Object({
  start_param: Type.String({ description: 'master_{master_id}_{code}: the /start parameter that links a chat to the master' }),
  url: Type.String({ description: 'https://t.me/{BOT_USERNAME}?start={start_param}' }),
  linked: Type.Boolean({ description: 'a chat is linked to the master' }),
});

export const getMasterTelegramLinkSchema = {
  tags,
  operationId: 'getMasterTelegramLink',
  summary: "The link that connects a master's Telegram",
  security: sessionSecurity,
  description:
    "The deep link that links a Telegram chat to this master (CONTRACT.md §16): the master's notices go there and the " +
    `mini app logs whoever opened it in as the master. Single use; 503 when the bot is off. ${TELEGRAM_SESSION_REFUSED}`,
  params: IdParam,
  response: { 200: MasterTelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
} as const;

export const rotateMasterTelegramLinkSchema = {
  tags,
  operationId: 'rotateMasterTelegramLink',
  summary: "Replace a master's Telegram link with a new one",
  security: sessionSecurity,
  description: `A new link code: the old link links nothing, and every token of the master ends (401). A linked chat stays linked. ${TELEGRAM_SESSION_REFUSED}`,
  params: IdParam,
  response: { 200: MasterTelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
} as const;

export const unlinkMasterTelegramSchema = {
  tags,
  operationId: 'unlinkMasterTelegram',
  summary: "Disconnect a master's Telegram",
  security: sessionSecurity,
  description: `The master's chat is unlinked (and told), the master's Telegram user forgotten and every token of the master ends (401). ${TELEGRAM_SESSION_REFUSED}`,
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
