/** A client books a service on the public page or in the mini app (SPEC.md, CONTRACT.md §3, §11, §19). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { fromDbTimestamp } from '../../core/wallclock.js';
import { verifyCaptcha } from '../identity/captcha.js';
import { businessBySlugOr404 } from '../catalog/business.queries.js';
import { createBooking, messengerUrl, repeatableBooking, type NewBookingInput } from './create.js';
import { withIdempotency, type Created } from './idempotency.js';
import { lookUpBookingCached } from './lookup-cache.js';
import { miniAppUserOf } from './mini-app-user.js';
import type { BookingView } from './view.js';

/** What the public request brings besides its body: the headers and the caller's address (for the captcha). */
export interface PublicCaller {
  idempotencyKey: string | undefined;
  initData: string | string[] | undefined;
  ip: string;
}

/** The caller of a public POST as its request names it. */
export const publicCallerOf = (request: {
  headers: { 'idempotency-key'?: string; 'x-telegram-init-data'?: string | string[] };
  ip: string;
}): PublicCaller => ({
  idempotencyKey: request.headers['idempotency-key'],
  initData: request.headers['x-telegram-init-data'],
  ip: request.ip,
});

/**
 * A pending booking; a retry with the same Idempotency-Key answers the first one. The mini app's signed
 * initData for this business stands in for the captcha.
 */
export async function bookPublicly(
  ctx: AppContext,
  log: FastifyBaseLogger,
  slug: string,
  input: NewBookingInput,
  caller: PublicCaller,
): Promise<Created<BookingView>> {
  // Business, service, master and chats from the cache or in one round trip; a former slug is resolved apart and its parts read by createBooking.
  const found = await lookUpBookingCached(ctx.lookupCache, ctx.db, slug, input.service_id, input.master_id);
  const business = found?.business ?? (await businessBySlugOr404(ctx.db, slug));
  return withIdempotency(repeatableBooking(ctx.db, business, input), undefined, caller.idempotencyKey, async (key) => {
    const telegramUserId = await miniAppUserOf(ctx, business, caller.initData);
    if (telegramUserId === undefined) await verifyCaptcha(ctx.config, input.captcha_token, caller.ip);
    return createBooking(ctx, log, business, input, key, found, telegramUserId);
  });
}

/** The client's answer: the booking as the public page shows it, with the messenger link. */
export const publicBookingBody = (botUsername: string | undefined, booking: BookingView) => ({
  id: booking.id,
  status: booking.status,
  start_at: fromDbTimestamp(booking.startAt),
  end_at: fromDbTimestamp(booking.endAt),
  price_snapshot: booking.priceSnapshot,
  service: booking.service,
  master: booking.master,
  client: { first_name: booking.client.firstName, phone: booking.client.phone },
  messenger_url: messengerUrl(botUsername, booking.id),
});
