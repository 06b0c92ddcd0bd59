/**
 * Telegram mini-app initData validation (SPEC.md Authentication 4):
 * secret = HMAC-SHA256(key 'WebAppData', bot token); hash = hex HMAC-SHA256(key secret,
 * data_check_string of every other field sorted by key and joined by '\n');
 * auth_date at most 5 minutes old. Pure: "now" is passed in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const INIT_DATA_MAX_AGE_SECONDS = 5 * 60;
/** Clocks drift a little; an auth_date further ahead than this was not made by Telegram now. */
export const INIT_DATA_MAX_SKEW_SECONDS = 60;

const OPTIONAL_TEXT_FIELDS = ['first_name', 'last_name', 'username', 'language_code'] as const;

export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export type InitDataResult =
  { ok: true; user: TelegramUser; authDate: number; startParam: string | undefined } | { ok: false; reason: 'invalid' | 'expired' };

export function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

export function signInitData(params: URLSearchParams, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(params)).digest('hex');
}

export function validateInitData(initData: string, botToken: string, nowSeconds: number): InitDataResult {
  const params = new URLSearchParams(initData);
  const hash = params.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signInitData(params, botToken), 'hex');
  const received = Buffer.from(hash.toLowerCase(), 'hex');
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return { ok: false, reason: 'invalid' };

  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return { ok: false, reason: 'invalid' };
  if (authDate - nowSeconds > INIT_DATA_MAX_SKEW_SECONDS) return { ok: false, reason: 'invalid' };
  if (nowSeconds - authDate > INIT_DATA_MAX_AGE_SECONDS) return { ok: false, reason: 'expired' };

  const user = parseUser(params.get('user'));
  if (!user) return { ok: false, reason: 'invalid' };
  return { ok: true, user, authDate, startParam: params.get('start_param') ?? undefined };
}

/** The `user` field, or undefined when it is not JSON of Telegram's shape (a wrong type is never trusted). */
function parseUser(raw: string | null): TelegramUser | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const user = value as Record<string, unknown>;
  if (typeof user.id !== 'number' || !Number.isSafeInteger(user.id)) return undefined;
  if (OPTIONAL_TEXT_FIELDS.some((field) => user[field] !== undefined && typeof user[field] !== 'string')) return undefined;
  return user as unknown as TelegramUser;
}
