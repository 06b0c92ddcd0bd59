/**
 * CONTRACT.md §14 calendar feeds: a master's feed address (made on the first ask, replaced on a
 * rotation) and the feed itself, the master's bookings of a window around today as iCalendar.
 */
import type { AppContext } from '../../context.js';
import { notFound } from '../../core/errors.js';
import { addDays, combine } from '../../core/wallclock.js';
import { CALENDAR_TOKEN, feedBookings, feedOwner, masterCalendarToken } from './calendar-feed.queries.js';
import { renderFeed } from './render.js';

/** CONTRACT.md §14: bookings from 30 days back to 90 days ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 90;
/** A feed holds at most this many events (the earliest of the window): a busy master has ~1 000 in 120 days. */
export const FEED_MAX_EVENTS = 2000;

const DAY_MS = 86_400_000;

type FeedContext = Pick<AppContext, 'db' | 'config'>;

async function feedUrl(ctx: FeedContext, businessId: number, masterId: number, rotate: boolean): Promise<{ url: string }> {
  const token = await masterCalendarToken(ctx.db, businessId, masterId, rotate);
  if (!token) throw notFound('Master');
  return { url: `${ctx.config.publicUrl}/ics/${token}.ics` };
}

/** The address of the master's feed, made on the first ask; 404 unless an active master of the business. */
export const getMasterFeedUrl = (ctx: FeedContext, businessId: number, masterId: number) => feedUrl(ctx, businessId, masterId, false);

/** A new address for the master's feed: the old one answers 404 from now on. */
export const rotateMasterFeedUrl = (ctx: FeedContext, businessId: number, masterId: number) => feedUrl(ctx, businessId, masterId, true);

/** The iCalendar text of the feed a token opens; 404 for an unknown or rotated token. */
export async function readCalendarFeed(ctx: Pick<AppContext, 'db' | 'config' | 'time'>, token: string): Promise<string> {
  const owner = CALENDAR_TOKEN.test(token) ? await feedOwner(ctx.db, token) : undefined;
  if (!owner) throw notFound('Calendar');
  const today = ctx.time.today();
  const from = addDays(today, -FEED_DAYS_BACK);
  const to = addDays(today, FEED_DAYS_AHEAD + 1);
  const events = await feedBookings(ctx.db, owner, combine(from, '00:00'), combine(to, '00:00'), FEED_MAX_EVENTS);
  return renderFeed(owner, events, {
    secret: ctx.config.jwtSecret,
    timeZone: ctx.time.timeZone,
    now: new Date(ctx.time.unixSeconds() * 1000),
    // A day's margin each side covers any zone's offset and bookings ending after the window.
    from: new Date(Date.parse(`${from}T00:00:00Z`) - 2 * DAY_MS),
    to: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS),
  });
}
