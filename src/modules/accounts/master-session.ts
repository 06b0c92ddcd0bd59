/**
 * A master's sessions (CONTRACT.md §16): a token for the Telegram user linked to a master (the mini
 * app), and the bot's /panel link. That link carries a random code, only its SHA-256 is stored in
 * PostgreSQL (or PGlite) with its expiry, and redeeming it deletes the row (DELETE … RETURNING): of
 * two instances that get the same link at once exactly one finds it, so it works once anywhere.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { masterPanelLinks } from '../../db/schema.js';
import { fieldError, notFound } from '../../core/errors.js';
import { addMinutes } from '../../core/wallclock.js';
import { businessBody, findBusinessById } from '../catalog/business.queries.js';
import { findMasterSession, type MasterSessionRow } from '../identity/master-session.queries.js';
import { stillCurrent } from '../identity/credential-generations.js';

export const PANEL_LINK_MINUTES = 15;
export const PANEL_LINK_INVALID = 'This login link is invalid, expired or already used: send /panel to the bot again';

const digest = (code: string): string => createHash('sha256').update(code).digest('hex');

type Deps = Pick<AppContext, 'db' | 'time' | 'tokens'>;

/** The answer of a master's login: a master token, who the master is and the business (without the owner's chat). */
export async function masterSessionFor(ctx: Deps, master: MasterSessionRow) {
  const business = await findBusinessById(ctx.db, master.businessId);
  if (!business) throw notFound('Business');
  const access_token = await ctx.tokens.signMaster(master);
  return {
    access_token,
    token_type: 'bearer' as const,
    user: { role: 'MASTER' as const, master_id: master.id, full_name: master.name },
    business: { ...businessBody(business), messenger_chat_id: null },
  };
}

/** A new single-use /panel link for the master: `{PUBLIC_URL}/admin#master={code}`. */
export async function issuePanelLink(ctx: Pick<AppContext, 'db' | 'time' | 'config'>, masterId: number): Promise<string> {
  const now = ctx.time.now();
  // Links nobody used are dropped as new ones are made: the table holds only live ones.
  await ctx.db.delete(masterPanelLinks).where(lte(masterPanelLinks.expiresAt, now));
  // Hex: nothing Markdown would escape, so the link reaches the chat as it is.
  const code = randomBytes(32).toString('hex');
  const master = await findMasterSession(ctx.db, masterId);
  if (!master) throw notFound('Master');
  const expiresAt = addMinutes(now, PANEL_LINK_MINUTES);
  await ctx.db.insert(masterPanelLinks).values({ tokenHash: digest(code), masterId, expiresAt, masterGeneration: master.tokenVersion });
  return `${ctx.config.publicUrl}/admin#master=${code}`;
}

/**
 * Uses the link up (once, before it expires, while the master is in the generation it was sent in:
 * an unlink, rotate or delete since ends it, and a later link never revives it) and answers the master's session.
 */
export async function redeemPanelLink(ctx: Deps, code: string) {
  const [used] = await ctx.db
    .delete(masterPanelLinks)
    .where(and(eq(masterPanelLinks.tokenHash, digest(code)), gt(masterPanelLinks.expiresAt, ctx.time.now())))
    .returning({ masterId: masterPanelLinks.masterId, master: masterPanelLinks.masterGeneration });
  const master = used && (await findMasterSession(ctx.db, used.masterId));
  const current = master && stillCurrent('panel_link', used, { master: master.tokenVersion });
  if (!master || !current || master.archived || master.telegramUserId === null) {
    throw fieldError('invalid_credentials', PANEL_LINK_INVALID, 'code');
  }
  return masterSessionFor(ctx, master);
}
