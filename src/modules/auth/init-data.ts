/**
 * Telegram mini-app initData validation (SPEC.md Authentication 4):
 * secret = HMAC-SHA256(key 'WebAppData', bot token); hash = hex HMAC-SHA256(key secret,
 * data_check_string of every other field sorted by key and joined by '\n');
 * auth_date at most 5 minutes old. Pure: "now" is passed in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const INIT_DATA_MAX_AGE_SECONDS = 5 * 60;

export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export type InitDataResult =
  | { ok: true; user: TelegramUser; authDate: number; startParam: string | undefined }
  | { ok: false; reason: 'invalid' | 'expired' };

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
  if (nowSeconds - authDate > INIT_DATA_MAX_AGE_SECONDS) return { ok: false, reason: 'expired' };

  let user: TelegramUser;
  try {
    user = JSON.parse(params.get('user') ?? '') as TelegramUser;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!user || typeof user !== 'object' || !Number.isSafeInteger(user.id)) return { ok: false, reason: 'invalid' };
  return { ok: true, user, authDate, startParam: params.get('start_param') ?? undefined };
}
