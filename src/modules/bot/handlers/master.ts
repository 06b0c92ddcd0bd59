/** A master's chat (CONTRACT.md §16): /start master_{id}_{code} links it, /panel sends a single-use login link. */
import { Composer, type Context } from 'grammy';
import { issuePanelLink, PANEL_LINK_MINUTES } from '../../accounts/master-session.js';
import { findBusinessById } from '../../catalog/business.queries.js';
import { linkMasterChat, masterOfChat } from '../master-link.js';
import { MASTER_LINK_INVALID, masterLinkedText, masterMovedAwayText, PANEL_ONLY_FOR_MASTERS, panelLinkText } from '../master-messages.js';
import { MARKDOWN } from '../notifier.js';
import { attempt, chatIdOf, say, type BotDeps } from './shared.js';
import { onStart } from './start-payload.js';

async function linkMaster(deps: BotDeps, tg: Context, chatId: string, payload: { masterId: number; code: string | undefined }) {
  const outcome = await linkMasterChat(deps.app.db, { ...payload, chatId, senderId: tg.from?.id });
  const business = outcome.kind === 'linked' ? await findBusinessById(deps.app.db, outcome.businessId) : undefined;
  if (outcome.kind === 'invalid' || !business) {
    await say(deps, tg, MASTER_LINK_INVALID);
    return;
  }
  const { previousChat, masterName } = outcome;
  if (previousChat && previousChat !== chatId) {
    await attempt(deps.log, 'sendMessage', () => tg.api.sendMessage(previousChat, masterMovedAwayText(masterName), MARKDOWN));
  }
  await say(deps, tg, masterLinkedText(business, masterName));
}

async function panelLink(deps: BotDeps, tg: Context): Promise<void> {
  const chatId = chatIdOf(tg);
  const master = chatId ? await masterOfChat(deps.app.db, chatId) : undefined;
  if (!master) {
    await say(deps, tg, PANEL_ONLY_FOR_MASTERS);
    return;
  }
  await say(deps, tg, panelLinkText(await issuePanelLink(deps.app, master.masterId), PANEL_LINK_MINUTES));
}

export function masterHandlers(deps: BotDeps): Composer<Context> {
  const master = new Composer<Context>();
  onStart(master, ['master'], (tg, chatId, payload) => linkMaster(deps, tg, chatId, payload));
  master.command('panel', (tg) => panelLink(deps, tg));
  return master;
}
