/**
 * CONTRACT.md §3: a valid mini-app X-Telegram-Init-Data header stands in for the captcha of a public
 * booking or visit, §11: only when the mini app was opened for this business (its start_param names it,
 * §18: before any "__m1__s2"), so one signed initData cannot be replayed to book anywhere without a
 * captcha. The Telegram user it names is remembered with the booking (§18, my-bookings).
 */
import type { AppContext } from '../../context.js';
import { parseStartParam } from '../../core/reach-links.js';
import { validateInitData } from '../identity/init-data.js';
import { findBusinessBySlug, type BusinessRow } from '../catalog/business.queries.js';

/** The Telegram user id the header vouches for at this business, or undefined (then the captcha rules apply). */
export async function miniAppUserOf(
  ctx: Pick<AppContext, 'config' | 'db' | 'time'>,
  business: BusinessRow,
  initData: string | string[] | undefined,
): Promise<string | undefined> {
  const { botToken } = ctx.config;
  if (typeof initData !== 'string' || botToken === undefined) return undefined;
  const result = validateInitData(initData, botToken, ctx.time.unixSeconds());
  if (!result.ok || !result.startParam) return undefined;
  const { slug } = parseStartParam(result.startParam);
  const ours = slug === business.slug || (await findBusinessBySlug(ctx.db, slug))?.id === business.id;
  return ours ? String(result.user.id) : undefined;
}
