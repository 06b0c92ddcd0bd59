/** CONTRACT.md §20's use cases: a visit booked publicly or by the owner, read, changed and deleted as one. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { invalidInput } from '../../core/errors.js';
import type { IsoDate } from '../../core/wallclock.js';
import type { Db } from '../../db/client.js';
import type { BookingStatus } from '../../db/schema.js';
import { verifyCaptcha } from '../identity/captcha.js';
import type { ProviderAuth } from '../identity/guards.js';
import { messengerUrl } from '../bookings/create.js';
import { withIdempotency, type Created } from '../bookings/idempotency.js';
import { miniAppUserOf } from '../bookings/mini-app-user.js';
import { findOwnBusiness, type OwnBookingRef } from '../bookings/own-booking.js';
import { datesAsked, freeDays } from '../bookings/free-days.js';
import type { PublicCaller } from '../bookings/public-booking.service.js';
import { createVisit, repeatableVisit, type NewVisitInput } from './create.js';
import { lookUpVisit } from './lookup.js';
import { moveVisit, removeVisit, setVisitStatus } from './manage.js';
import { visitBody, visitOf, type VisitView } from './view.js';
import { findOwnVisitItems } from './own-visit.js';
import { freeTimesForVisitMoveOn } from './reschedule.js';

type Deps = Pick<AppContext, 'config' | 'db' | 'notifier' | 'time'> & Partial<Pick<AppContext, 'visitLookupCache'>>;

/** A visit's answer: its body and the messenger link of its first booking. */
export const visitAnswer = (botUsername: string | undefined, visit: VisitView) => ({
  ...visitBody(visit),
  messenger_url: messengerUrl(botUsername, visit.bookings[0]!.id),
});

/** A public visit; a retry with the same Idempotency-Key answers the first one. */
export async function bookPublicVisit(
  ctx: Deps,
  log: FastifyBaseLogger,
  slug: string,
  input: NewVisitInput,
  caller: PublicCaller,
): Promise<Created<VisitView>> {
  const found = await lookUpVisit(
    ctx.visitLookupCache,
    ctx.db,
    slug,
    input.items.map((item) => item.service_id),
  );
  const business = found.business;
  return withIdempotency(repeatableVisit(ctx.db, business, input, 'public'), undefined, caller.idempotencyKey, async (key) => {
    // As a single public booking: the mini app's signed initData for this business stands in for the captcha (CONTRACT.md §3, §11).
    const telegramUserId = await miniAppUserOf(ctx, business, caller.initData);
    if (telegramUserId === undefined) await verifyCaptcha(ctx.config, input.captcha_token, caller.ip);
    return createVisit(ctx, log, business, input, 'public', key, telegramUserId, { catalog: found, chats: found.chats });
  });
}

/** A visit the owner enters (§12 rules, confirmed at once); Idempotency-Key as POST /bookings. */
export async function enterOwnerVisit(
  ctx: Deps,
  log: FastifyBaseLogger,
  provider: ProviderAuth,
  input: NewVisitInput,
  idempotencyKey: string | undefined,
): Promise<Created<VisitView>> {
  const business = await findOwnBusiness(ctx.db, provider.businessId);
  return withIdempotency(repeatableVisit(ctx.db, business, input, 'owner'), provider, idempotencyKey, (key) =>
    createVisit(ctx, log, business, input, 'owner', key),
  );
}

/** The business's visit; a master's token sees it only when one of its bookings is theirs (CONTRACT.md §16, §20). */
export async function findOwnVisit(db: Db, businessId: number, id: string, masterId: number | undefined): Promise<VisitView> {
  return visitOf(id, await findOwnVisitItems(db, businessId, id, masterId));
}

/** PATCH /visits/{id}: the whole visit moves (date and/or time), then every booking gets the status. */
export async function updateOwnVisit(
  ctx: Deps,
  log: FastifyBaseLogger,
  businessId: number,
  id: string,
  changes: { status?: string; date?: string; time?: string },
): Promise<VisitView> {
  const { status, date, time } = changes;
  if (status === undefined && date === undefined && time === undefined) throw invalidInput('Nothing to change: send status, date or time');
  const business = await findOwnBusiness(ctx.db, businessId);
  let visit = await findOwnVisit(ctx.db, business.id, id, undefined);
  if (date !== undefined || time !== undefined) visit = await moveVisit(ctx, log, business, visit, { date, time });
  if (status !== undefined) visit = await setVisitStatus(ctx, log, business, visit, status as BookingStatus);
  return visit;
}

/** DELETE /visits/{id}: each booking as SPEC.md's DELETE, the client told once. */
export async function deleteOwnVisit(ctx: Deps, log: FastifyBaseLogger, businessId: number, id: string): Promise<void> {
  const business = await findOwnBusiness(ctx.db, businessId);
  await removeVisit(ctx, log, business, await findOwnVisit(ctx.db, business.id, id, undefined));
}

/** The free start times of `days` dates from `date` on for the whole visit (CONTRACT.md §20), by the bot's own rule. */
export async function listVisitFreeTimes(
  ctx: Pick<AppContext, 'db' | 'time'>,
  ref: OwnBookingRef,
  query: { date: IsoDate; days?: number },
) {
  const items = await findOwnVisitItems(ctx.db, ref.businessId, ref.id, ref.masterId);
  const dates = datesAsked(query);
  return freeDays(dates, await freeTimesForVisitMoveOn(ctx, items, dates));
}
