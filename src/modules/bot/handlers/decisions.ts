/** The provider's confirm_ / reject_ buttons: confirmed, or cancelled (never rejected), only from pending. */
import { Composer, type Context } from 'grammy';
import { decidePending, notifyClient } from '../../bookings/status.js';
import { ALREADY_HANDLED, decidedBookingText } from '../messages.js';
import { onPress, refuse, type Answer } from './press.js';
import { isProviderBooking, providerBooking } from './provider-booking.js';
import { edit, type BotDeps } from './shared.js';

async function decide(deps: BotDeps, tg: Context, bookingId: string, status: 'confirmed' | 'cancelled'): Promise<Answer> {
  const found = await providerBooking(deps, tg, bookingId);
  if (!isProviderBooking(found)) return found;
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
