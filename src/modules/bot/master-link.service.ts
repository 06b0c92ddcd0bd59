/** The use cases behind master-link.routes.ts (CONTRACT.md §16): a master's Telegram link, a new one, disconnecting. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';
import { notFound } from '../../core/errors.js';
import { notifySafely } from '../bookings/notifier.js';
import { findBusinessById } from '../catalog/business.queries.js';
import { masterLinkOf, masterStartParam, rotateMasterLink, unlinkMaster, type MasterLinkState } from './master-link.js';
import { deepLink } from './provider-link.service.js';

const masterLink = (config: Config, masterId: number, state: MasterLinkState | undefined) => {
  if (!state) throw notFound('Master');
  return deepLink(config, masterStartParam(masterId, state.code), state.linked);
};

/** GET /masters/{id}/telegram: the master's current link, and whether a chat is linked. */
export async function showMasterLink(ctx: Pick<AppContext, 'db' | 'config'>, businessId: number, masterId: number) {
  return masterLink(ctx.config, masterId, await masterLinkOf(ctx.db, businessId, masterId));
}

/** POST /masters/{id}/telegram/rotate: a new link code; every token of the master ends. */
export async function replaceMasterLink(ctx: Pick<AppContext, 'db' | 'config'>, businessId: number, masterId: number) {
  return masterLink(ctx.config, masterId, await rotateMasterLink(ctx.db, businessId, masterId));
}

/** DELETE /masters/{id}/telegram: the master's chat is unlinked and told. */
export async function unlinkMasterTelegram(
  ctx: Pick<AppContext, 'db' | 'notifier'>,
  businessId: number,
  masterId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const unlinked = await unlinkMaster(ctx.db, businessId, masterId);
  if (!unlinked) throw notFound('Master');
  const business = await findBusinessById(ctx.db, businessId);
  const chatId = unlinked.chatId;
  if (business && chatId) {
    await notifySafely(log, 'master unlinked', () => ctx.notifier.masterUnlinked(business, unlinked.name, chatId), undefined);
  }
}
