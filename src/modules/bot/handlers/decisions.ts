/** The provider's confirm_ / reject_ buttons: confirmed, or cancelled (never rejected), only from pending. */
import { Composer, type Context } from 'grammy';
import { decidePending, notifyClient } from '../../bookings/status.js';
import { ALREADY_HANDLED, decidedBookingText } from '../messages.js';
import { onPress, refuse, type Answer } from './press.js';
import { isProviderBooking, pressedItems, providerBooking, type ProviderBooking } from './provider-booking.js';
import { decideVisit, notifyVisitStatus } from '../../visits/manage.js';
import { decidedVisitText } from '../visit-messages.js';
import { edit, type BotDeps } from './shared.js';

/** CONTRACT.md §20: a visit's notice decides the whole visit (a master's, their items): one edit, one notice to the client. */
async function decideVisitItems(deps: BotDeps, tg: Context, found: ProviderBooking, status: 'confirmed' | 'cancelled'): Promise<Answer> {
  const decided = await decideVisit(deps.app, await pressedItems(deps, found), status);
  if (!decided) return refuse(ALREADY_HANDLED);
  await edit(deps, tg, decidedVisitText(decided, status));
  // The client hears of the items that got the status (an item completed before stays out of the notice).
  const changed = decided.filter((item) => item.status === status);
  await notifyVisitStatus(deps.app, deps.log, found.business, changed);
  return { text: status === 'confirmed' ? 'Запись подтверждена' : 'Запись отклонена' };
}

async function decide(deps: BotDeps, tg: Context, bookingId: string, status: 'confirmed' | 'cancelled'): Promise<Answer> {
  const found = await providerBooking(deps, tg, bookingId);
  if (!isProviderBooking(found)) return found;
  if (found.booking.visitId) return decideVisitItems(deps, tg, found, status);
  const decided = await decidePending(deps.app, found.booking, status);
  if (!decided) return refuse(ALREADY_HANDLED);
  await edit(deps, tg, decidedBookingText(decided, status));
  await notifyClient(deps.app, deps.log, decided, found.business);
  return { text: status === 'confirmed' ? 'Запись подтверждена' : 'Запись отклонена' };
}

export function decisionHandlers(deps: BotDeps): Composer<Context> {
  const decisions = new Composer<Context>();
  onPress(decisions, deps, ['confirm', 'reject'], (tg, action) =>
    decide(deps, tg, action.bookingId, action.kind === 'confirm' ? 'confirmed' : 'cancelled'),
  );
  return decisions;
}
