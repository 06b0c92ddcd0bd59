/** The grammY bot object: API root from config, bot info from config (no getMe), bounded request time. */
import { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../../config.js';

/** Messages are sent inside requests (SPEC.md): a Telegram that hangs must not hold a booking for long. */
export const TELEGRAM_TIMEOUT_SECONDS = 5;

/** The bot's own user, from BOT_TOKEN (its numeric prefix is the bot id) and BOT_USERNAME. */
export function botInfoFrom(token: string, username: string | undefined): UserFromGetMe {
  const id = Number(token.split(':')[0]);
  return {
    id: Number.isSafeInteger(id) ? id : 0,
    is_bot: true,
    first_name: username ?? 'bot',
    username: username ?? 'bot',
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  } as UserFromGetMe;
}

export function createBot(config: Config & { botToken: string }): Bot {
  return new Bot(config.botToken, {
    botInfo: botInfoFrom(config.botToken, config.botUsername),
    client: { apiRoot: config.telegramApiUrl, timeoutSeconds: TELEGRAM_TIMEOUT_SECONDS },
  });
}
