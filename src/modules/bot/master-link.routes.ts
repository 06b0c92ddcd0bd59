/** CONTRACT.md §16: a master's Telegram link as the panel shows it, a new one, and disconnecting. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, notFound } from '../../core/errors.js';
import { errorResponses, IdParam } from '../../http/schemas.js';
import { sessionSecurity } from '../../http/openapi-security.js';
import { notifySafely } from '../bookings/notifier.js';
import { scopeAction, TELEGRAM_SESSION_REFUSED } from '../identity/guards.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { BOT_OFF_FOR_LINK } from './link.routes.js';
import { masterLinkOf, masterStartParam, rotateMasterLink, unlinkMaster, type MasterLinkState } from './master-link.js';

const MasterTelegramLinkBody = Type.Object({
  start_param: Type.String({ description: 'master_{master_id}_{code}: the /start parameter that links a chat to the master' }),
  url: Type.String({ description: 'https://t.me/{BOT_USERNAME}?start={start_param}' }),
  linked: Type.Boolean({ description: 'a chat is linked to the master' }),
});

export const masterLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalog'];
  const { config } = app.ctx;
  scopeAction(app, 'account.manage');

  const linkBody = (masterId: number, state: MasterLinkState | undefined) => {
    if (!state) throw notFound('Master');
    const startParam = masterStartParam(masterId, state.code);
    return { start_param: startParam, url: `https://t.me/${config.botUsername}?start=${startParam}`, linked: state.linked };
  };
  const requireBot = async () => {
    if (!config.botToken || !config.botUsername) throw new DomainError('not_configured', BOT_OFF_FOR_LINK);
  };

  app.get(
    '/masters/:id/telegram',
    {
      preHandler: requireBot,
      schema: {
        tags,
        operationId: 'getMasterTelegramLink',
        summary: "The link that connects a master's Telegram",
        security: sessionSecurity,
        description:
          "The deep link that links a Telegram chat to this master (CONTRACT.md §16): the master's notices go there and the " +
          `mini app logs whoever opened it in as the master. Single use; 503 when the bot is off. ${TELEGRAM_SESSION_REFUSED}`,
        params: IdParam,
        response: { 200: MasterTelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => linkBody(request.params.id, await masterLinkOf(app.ctx.db, request.provider.businessId, request.params.id)),
  );

  app.post(
    '/masters/:id/telegram/rotate',
    {
      preHandler: requireBot,
      schema: {
        tags,
        operationId: 'rotateMasterTelegramLink',
        summary: "Replace a master's Telegram link with a new one",
        security: sessionSecurity,
        description: `A new link code: the old link links nothing, and every token of the master ends (401). A linked chat stays linked. ${TELEGRAM_SESSION_REFUSED}`,
        params: IdParam,
        response: { 200: MasterTelegramLinkBody, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => linkBody(request.params.id, await rotateMasterLink(app.ctx.db, request.provider.businessId, request.params.id)),
  );

  app.delete(
    '/masters/:id/telegram',
    {
      schema: {
        tags,
        operationId: 'unlinkMasterTelegram',
        summary: "Disconnect a master's Telegram",
        security: sessionSecurity,
        description: `The master's chat is unlinked (and told), the master's Telegram user forgotten and every token of the master ends (401). ${TELEGRAM_SESSION_REFUSED}`,
        params: IdParam,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessId } = request.provider;
      const unlinked = await unlinkMaster(app.ctx.db, businessId, request.params.id);
      if (!unlinked) throw notFound('Master');
      const business = await findBusinessById(app.ctx.db, businessId);
      const chatId = unlinked.chatId;
      if (business && chatId) {
        await notifySafely(
          request.log,
          'master unlinked',
          () => app.ctx.notifier.masterUnlinked(business, unlinked.name, chatId),
          undefined,
        );
      }
      return reply.status(204).send(null);
    },
  );
};
