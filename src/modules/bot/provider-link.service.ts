/** The use cases behind provider-link.routes.ts (CONTRACT.md §11): the business's Telegram link, a new one, disconnecting. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';
import { DomainError, notFound } from '../../core/errors.js';
import { notifySafely } from '../bookings/notifier.js';
import { findBusinessById } from '../catalog/business.queries.js';
import type { ProviderAuth } from '../identity/guards.js';
import { findUserById } from '../identity/users.queries.js';
import { linkCodeOf, providerStartParam, rotateLinkCode, unlinkProviderChat } from './provider-link.js';

const BOT_OFF_FOR_LINK = 'Telegram bot is not configured (BOT_TOKEN and BOT_USERNAME must be set)';

/** A link route's preHandler: 503 unless the bot has its token and its username (the link names the bot). */
export const requireLinkBot = (config: Config) => async (): Promise<void> => {
  if (!config.botToken || !config.botUsername) throw new DomainError('not_configured', BOT_OFF_FOR_LINK);
};

/** The deep link that sends /start with this parameter to the bot. */
export const deepLink = (config: Config, startParam: string, linked: boolean) => ({
  start_param: startParam,
  url: `https://t.me/${config.botUsername}?start=${startParam}`,
  linked,
});

const providerLink = (config: Config, businessId: number, code: string | undefined, linked: boolean) => {
  if (code === undefined) throw notFound('Business');
  return deepLink(config, providerStartParam(businessId, code), linked);
};

/** GET /business/telegram: the business's current link, and whether a chat is linked. */
export async function showProviderLink(ctx: Pick<AppContext, 'db' | 'config'>, businessId: number) {
  const business = await findBusinessById(ctx.db, businessId);
  if (!business) throw notFound('Business');
  return providerLink(ctx.config, businessId, await linkCodeOf(ctx.db, businessId), business.messengerChatId !== null);
}

/** POST /business/telegram/rotate: a new link code; the old link stops working. */
export async function replaceProviderLink(ctx: Pick<AppContext, 'db' | 'config'>, businessId: number) {
  const code = await rotateLinkCode(ctx.db, businessId);
  const business = await findBusinessById(ctx.db, businessId);
  return providerLink(ctx.config, businessId, code, business?.messengerChatId != null);
}

/** DELETE /business/telegram: the chat is unlinked and told; answers the caller's new token, the earlier ones ended. */
export async function unlinkProviderTelegram(
  ctx: Pick<AppContext, 'db' | 'notifier' | 'tokens'>,
  provider: ProviderAuth,
  log: FastifyBaseLogger,
): Promise<string> {
  const business = await unlinkProviderChat(ctx.db, provider.businessId);
  const user = await findUserById(ctx.db, provider.userId);
  if (!business || !user) throw notFound('Business');
  if (business.messengerChatId) {
    const chatId = business.messengerChatId;
    await notifySafely(log, 'Telegram unlinked', () => ctx.notifier.providerUnlinked(business, chatId), undefined);
  }
  return ctx.tokens.signUser(user, 'password');
}
