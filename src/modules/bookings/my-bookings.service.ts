/** The mini-app user's own visits to one business (CONTRACT.md §18). View only. */
import { INIT_DATA_REQUIRED } from '../identity/policy.js';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../core/errors.js';
import { validateInitData } from '../identity/init-data.js';
import { businessBySlugOr404 } from '../catalog/business.queries.js';
import { myBookings } from './my-bookings.queries.js';

const refused = (detail: string) => new DomainError('invalid_credentials', detail);

/** The Telegram user the signed initData names; 401 when it is missing, forged or stale (§3). */
function telegramUserOf(ctx: Pick<AppContext, 'config' | 'time'>, header: string | string[] | undefined): string {
  if (typeof header !== 'string' || header === '') throw refused(INIT_DATA_REQUIRED);
  if (ctx.config.botToken === undefined) throw refused('Mini-app login is unavailable: the Telegram bot is not configured');
  const result = validateInitData(header, ctx.config.botToken, ctx.time.unixSeconds());
  if (!result.ok) throw refused(result.reason === 'expired' ? 'initData expired' : 'Invalid initData');
  return String(result.user.id);
}

/** The bookings at the business of `slug` of the Telegram user the initData header names. */
export async function listMyBookings(
  ctx: Pick<AppContext, 'config' | 'db' | 'time'>,
  slug: string,
  initData: string | string[] | undefined,
) {
  const telegramUserId = telegramUserOf(ctx, initData);
  const business = await businessBySlugOr404(ctx.db, slug);
  return myBookings(ctx.db, business.id, telegramUserId);
}
