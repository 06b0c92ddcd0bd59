/** CONTRACT.md §11: the provider's Telegram link as the panel shows it, a new one, and disconnecting. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, notFound } from '../../core/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { notifySafely } from '../bookings/notifier.js';
import { scopeAction, TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { sessionSecurity } from '../../http/openapi-security.js';
import { findUserById } from '../identity/users.queries.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { linkCodeOf, providerStartParam, rotateLinkCode, unlinkProviderChat } from './provider-link.js';

export const BOT_OFF_FOR_LINK = 'Telegram bot is not configured (BOT_TOKEN and BOT_USERNAME must be set)';
/** DELETE /business/telegram ends the caller's token too; the panel carries on with this one. */
export const FRESH_TOKEN_HEADER = 'x-access-token';

const TelegramLinkBody = Type.Object({
  start_param: Type.String({ description: 'provider_{business_id}_{code}: the /start parameter that links a chat' }),
  url: Type.String({ description: 'https://t.me/{BOT_USERNAME}?start={start_param}' }),
  linked: Type.Boolean({ description: 'a chat is linked to the business' }),
});

export const providerLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['business'];
  const { config } = app.ctx;
  scopeAction(app, 'account.manage');

  const linkBody = (businessId: number, code: string | undefined, linked: boolean) => {
    if (code === undefined) throw notFound('Business');
    const startParam = providerStartParam(businessId, code);
    return { start_param: startParam, url: `https://t.me/${config.botUsername}?start=${startParam}`, linked };
  };
  const requireBot = async () => {
    if (!config.botToken || !config.botUsername) throw new DomainError('not_configured', BOT_OFF_FOR_LINK);
  };

  app.get(
    '/business/telegram',
    {
      preHandler: requireBot,
      schema: {
        tags,
        operationId: 'getTelegramLink',
        summary: 'The link that connects a Telegram chat to the business',
        security: sessionSecurity,
        description: `The deep link that links a Telegram chat to this business (secret: show it to the owner only). 503 when the bot is off. ${TELEGRAM_SESSION_REFUSED}`,
        response: { 200: TelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => {
      const { businessId } = request.provider;
      const business = await findBusinessById(app.ctx.db, businessId);
      if (!business) throw notFound('Business');
      return linkBody(businessId, await linkCodeOf(app.ctx.db, businessId), business.messengerChatId !== null);
    },
  );

  app.post(
    '/business/telegram/rotate',
    {
      preHandler: requireBot,
      schema: {
        tags,
        operationId: 'rotateTelegramLink',
        summary: 'Replace the Telegram link with a new one',
        security: sessionSecurity,
        description: `A new link code: the old link stops working. A chat already linked stays linked; the admin's Telegram id is cleared (the mini app logs that person in as a customer until the chat is linked again) and every Telegram session of the admin ends. ${TELEGRAM_SESSION_REFUSED}`,
        response: { 200: TelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => {
      const { businessId } = request.provider;
      const code = await rotateLinkCode(app.ctx.db, businessId);
      const business = await findBusinessById(app.ctx.db, businessId);
      return linkBody(businessId, code, business?.messengerChatId != null);
    },
  );

  app.delete(
    '/business/telegram',
    {
      schema: {
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
      },
    },
    async (request, reply) => {
      const business = await unlinkProviderChat(app.ctx.db, request.provider.businessId);
      const user = await findUserById(app.ctx.db, request.provider.userId);
      if (!business || !user) throw notFound('Business');
      if (business.messengerChatId) {
        const chatId = business.messengerChatId;
        await notifySafely(request.log, 'Telegram unlinked', () => app.ctx.notifier.providerUnlinked(business, chatId), undefined);
      }
      reply.header(FRESH_TOKEN_HEADER, await app.ctx.tokens.signUser(user, 'password'));
      return reply.status(204).send(null);
    },
  );
};
