/** /start without a known payload (welcome), /help, /status and /unsubscribe. */
import { Composer, type Context } from 'grammy';
import { formatPhone } from '../../../core/phone.js';
import { isUuid } from '../../../core/uuid.js';
import { findBookingView } from '../../bookings/bookings.queries.js';
import { findBusinessById } from '../../catalog/business.queries.js';
import { bookingLabel, helpText, statusText, unsubscribedText, welcomeText, type SubscriptionLine } from '../messages.js';
import { chatSubscriptions, unsubscribeChat, type SubscriptionRow } from '../subscriptions.js';
import { chatIdOf, say, type BotDeps } from './shared.js';

const STATUS_LIST_LIMIT = 30;

async function describeSubscription(deps: BotDeps, row: SubscriptionRow): Promise<SubscriptionLine> {
  const { db } = deps.app;
  switch (row.contextType) {
    case 'PROVIDER_BUSINESS': {
      const business = await findBusinessById(db, Number(row.contextRef));
      return { contextType: row.contextType, label: business ? business.name : `#${row.contextRef}` };
    }
    case 'CLIENT_PHONE':
      return { contextType: row.contextType, label: formatPhone(row.contextRef) };
    case 'CLIENT_BOOKING': {
      const booking = isUuid(row.contextRef) ? await findBookingView(db, row.contextRef) : undefined;
      return { contextType: row.contextType, label: booking ? bookingLabel(booking) : 'удалённая запись' };
    }
  }
}

export function infoHandlers(deps: BotDeps): Composer<Context> {
  const info = new Composer<Context>();
  // After the features that own a payload kind: whatever reaches here gets the welcome.
  info.command('start', async (tg) => {
    if (chatIdOf(tg)) await say(deps, tg, welcomeText());
  });

  info.command('help', async (tg) => {
    await say(deps, tg, helpText());
  });

  info.command('unsubscribe', async (tg) => {
    const chatId = chatIdOf(tg);
    if (!chatId) return;
    await say(deps, tg, unsubscribedText(await unsubscribeChat(deps.app.db, chatId)));
  });

  info.command('status', async (tg) => {
    const chatId = chatIdOf(tg);
    if (!chatId) return;
    const rows = (await chatSubscriptions(deps.app.db, chatId)).slice(0, STATUS_LIST_LIMIT);
    const lines: SubscriptionLine[] = [];
    for (const row of rows) lines.push(await describeSubscription(deps, row));
    await say(deps, tg, statusText(lines));
  });

  return info;
}
