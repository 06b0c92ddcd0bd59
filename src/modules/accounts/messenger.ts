/**
 * Mini-app login (SPEC.md "Mini-app login", CONTRACT.md §3): initData validated,
 * the user found by messenger id or created as a CUSTOMER; a provider whose
 * Telegram id /start provider_ stored logs in as "provider" of its business.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError } from '../../core/errors.js';
import { findBusinessById, findBusinessBySlug } from '../catalog/business.queries.js';
import { validateInitData, type TelegramUser } from '../identity/init-data.js';
import { parseStartParam } from '../../core/reach-links.js';
import { findUserByMessengerId, insertUser, type UserRow } from '../identity/users.queries.js';
import { findMasterByTelegramUser } from '../identity/master-session.queries.js';

export const INVALID_INIT_DATA = 'Invalid initData';
export const EXPIRED_INIT_DATA = 'initData expired';
export const LOGIN_UNAVAILABLE = 'Mini-app login is unavailable: the Telegram bot is not configured';

export interface MessengerSession {
  token: string;
  /** `master` (CONTRACT.md §16): the Telegram user linked to a master gets that master's token. */
  role: 'customer' | 'provider' | 'master';
  businessSlug: string;
  user: { id: number; name: string; messengerId: string };
}

/** The mini app's users have no e-mail: a placeholder in a domain registration refuses (PLACEHOLDER_DOMAIN). */
export const PLACEHOLDER_DOMAIN = 'telegram.local';
export const placeholderEmail = (telegramId: number, salt = ''): string => `tg${telegramId}${salt}@${PLACEHOLDER_DOMAIN}`;

function firstNameOf(user: TelegramUser): string {
  const name = user.first_name?.trim() || user.username?.trim() || '';
  return (name || `Telegram ${user.id}`).slice(0, 200);
}

/** Finds the user or creates a CUSTOMER; a concurrent first login of the same user ends with the one row. */
async function findOrCreateUser(ctx: Pick<AppContext, 'db'>, telegram: TelegramUser, slug: string | undefined): Promise<UserRow> {
  const messengerId = String(telegram.id);
  const existing = await findUserByMessengerId(ctx.db, messengerId);
  if (existing) return existing;
  const business = slug ? await findBusinessBySlug(ctx.db, slug) : undefined;
  const insert = (email: string) =>
    insertUser(ctx.db, {
      email,
      passwordHash: '',
      fullName: firstNameOf(telegram),
      role: 'CUSTOMER',
      businessId: business?.id ?? null,
      messengerId,
    });
  try {
    return await insert(placeholderEmail(telegram.id));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByMessengerId(ctx.db, messengerId);
    if (winner) return winner;
    // The placeholder is taken by someone else's row (an owner from before registration refused the domain):
    // this user gets another one, so a login never fails on it.
    return insert(placeholderEmail(telegram.id, `.${randomBytes(6).toString('hex')}`));
  }
}

export async function messengerLogin(
  ctx: Pick<AppContext, 'db' | 'config' | 'time' | 'tokens'>,
  initData: string,
  startParam: string | undefined,
): Promise<MessengerSession> {
  const botToken = ctx.config.botToken;
  if (!botToken) throw new DomainError('not_configured', LOGIN_UNAVAILABLE);
  const result = validateInitData(initData, botToken, ctx.time.unixSeconds());
  if (!result.ok) throw new DomainError('invalid_credentials', result.reason === 'expired' ? EXPIRED_INIT_DATA : INVALID_INIT_DATA);
  // CONTRACT.md §18: the business is the slug before any "__m1__s2" the link chose.
  const slug = parseStartParam((startParam ?? result.startParam ?? '').trim()).slug || undefined;
  const known = await findUserByMessengerId(ctx.db, String(result.user.id));
  if (known?.role !== 'ADMIN') {
    const master = await masterSession(ctx, String(result.user.id));
    if (master) return master;
  }
  const user = known ?? (await findOrCreateUser(ctx, result.user, slug));

  const ownBusiness = user.businessId === null ? undefined : await findBusinessById(ctx.db, user.businessId);
  const isProvider = user.role === 'ADMIN' && ownBusiness !== undefined;
  const token = await ctx.tokens.signUser(user, 'telegram');
  return {
    token,
    role: isProvider ? 'provider' : 'customer',
    // A provider manages its own business; a client is in the business whose mini app it opened.
    businessSlug: isProvider ? ownBusiness.slug : (slug ?? ownBusiness?.slug ?? ''),
    user: { id: user.id, name: user.fullName, messengerId: user.messengerId ?? String(result.user.id) },
  };
}

/** The Telegram user linked to a master (and not a business's owner) logs in as that master (CONTRACT.md §16). */
async function masterSession(ctx: Pick<AppContext, 'db' | 'tokens'>, messengerId: string): Promise<MessengerSession | undefined> {
  const master = await findMasterByTelegramUser(ctx.db, messengerId);
  if (!master || master.archived) return undefined;
  const business = await findBusinessById(ctx.db, master.businessId);
  if (!business) return undefined;
  return {
    token: await ctx.tokens.signMaster(master),
    role: 'master',
    businessSlug: business.slug,
    user: { id: master.id, name: master.name, messengerId },
  };
}
