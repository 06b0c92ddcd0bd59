/**
 * Linking a master to a Telegram chat (CONTRACT.md §16), as the provider link of §11: the deep link
 * `/start master_{id}_{code}` carries a secret code kept on the master, used once (a conditional
 * UPDATE, so of racing chats exactly one links). The chat gets that master's notices; the sender
 * becomes the master's Telegram user (the mini app logs that person in as the master). Every change
 * of who holds the master raises masters.token_version: the master's earlier tokens end.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { masters } from '../../db/schema.js';
import { activeMasterOf } from '../../db/active-masters.js';
import { endCredentials } from '../identity/credential-generations.js';

/** 24 characters of [A-Za-z0-9_-]: 144 random bits; `master_{id}_{code}` stays within Telegram's 64. */
const newLinkCode = (): string => randomBytes(18).toString('base64url');

export const masterStartParam = (masterId: number, code: string): string => `master_${masterId}_${code}`;

export interface MasterLinkState {
  code: string;
  linked: boolean;
}

/** The master's link code, created on first use; undefined for a master not of this business. */
export async function masterLinkOf(db: Db, businessId: number, masterId: number): Promise<MasterLinkState | undefined> {
  const [row] = await db
    .update(masters)
    .set({ telegramLinkCode: sql`coalesce(${masters.telegramLinkCode}, ${newLinkCode()})` })
    .where(activeMasterOf(businessId, masterId))
    .returning({ code: masters.telegramLinkCode, chat: masters.telegramChatId });
  return row?.code ? { code: row.code, linked: row.chat !== null } : undefined;
}

/** POST /masters/{id}/telegram/rotate: the remedy's generations raised (every token, /panel link and code of the master end), then the new code. */
export async function rotateMasterLink(db: Db, businessId: number, masterId: number): Promise<MasterLinkState | undefined> {
  await db.transaction((tx) => endCredentials(tx, 'master_rotate', { businessId, masterId }));
  return masterLinkOf(db, businessId, masterId);
}

export interface UnlinkedMaster {
  name: string;
  /** The chat that was linked, to tell it. */
  chatId: string | null;
}

/** DELETE /masters/{id}/telegram: no chat, no Telegram user, and the remedy's generations raised (every token, /panel link and code of the master end). */
export async function unlinkMaster(db: Db, businessId: number, masterId: number): Promise<UnlinkedMaster | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: masters.name, chatId: masters.telegramChatId })
      .from(masters)
      .where(activeMasterOf(businessId, masterId))
      .for('update');
    if (!before) return undefined;
    await tx.update(masters).set({ telegramChatId: null, telegramUserId: null }).where(eq(masters.id, masterId));
    await endCredentials(tx, 'master_unlink', { businessId, masterId });
    return before;
  });
}

function sameCode(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(stored), digest(given));
}

export interface MasterLinkRequest {
  masterId: number;
  code: string | undefined;
  chatId: string;
  /** The Telegram user who opened the link. */
  senderId: number | undefined;
}

export type MasterLinkOutcome =
  { kind: 'invalid' } | { kind: 'linked'; masterName: string; businessId: number; previousChat: string | null };

/** A valid code links the chat and the sender; a bare, wrong or used code changes nothing. */
export async function linkMasterChat(db: Db, request: MasterLinkRequest): Promise<MasterLinkOutcome> {
  const { masterId, code, chatId } = request;
  if (code === undefined) return { kind: 'invalid' };
  const [master] = await db.select().from(masters).where(eq(masters.id, masterId)).limit(1);
  if (!master || master.archived || !sameCode(master.telegramLinkCode, code)) return { kind: 'invalid' };
  const senderId = request.senderId === undefined ? null : String(request.senderId);
  const linked = await db.transaction(async (tx) => {
    // One Telegram user holds one master: another master it held lets go (and that master's tokens end).
    if (senderId !== null) {
      await tx
        .update(masters)
        .set({ telegramUserId: null, tokenVersion: sql`${masters.tokenVersion} + 1` })
        .where(and(eq(masters.telegramUserId, senderId), ne(masters.id, masterId)));
    }
    const rows = await tx
      .update(masters)
      .set({
        telegramChatId: chatId,
        telegramUserId: senderId,
        telegramLinkCode: newLinkCode(),
        // Whoever held the master before no longer does.
        tokenVersion: sql`${masters.tokenVersion} + 1`,
      })
      .where(and(eq(masters.id, masterId), eq(masters.telegramLinkCode, code), eq(masters.archived, false)))
      .returning({ id: masters.id });
    return rows.length === 1;
  });
  if (!linked) return { kind: 'invalid' };
  return { kind: 'linked', masterName: master.name, businessId: master.businessId, previousChat: master.telegramChatId };
}

export interface MasterChat {
  masterId: number;
  name: string;
  businessId: number;
  chatId: string;
}

/** The chat linked to a master, if any (the master's notices and presses). */
export async function masterChatOf(db: Db, masterId: number): Promise<MasterChat | undefined> {
  const [row] = await db
    .select({ masterId: masters.id, name: masters.name, businessId: masters.businessId, chatId: masters.telegramChatId })
    .from(masters)
    .where(and(eq(masters.id, masterId), eq(masters.archived, false)))
    .limit(1);
  return row?.chatId ? { ...row, chatId: row.chatId } : undefined;
}

/** The unarchived master whose chat this is, if any (/panel). */
export async function masterOfChat(db: Db, chatId: string): Promise<MasterChat | undefined> {
  const [row] = await db
    .select({ masterId: masters.id, name: masters.name, businessId: masters.businessId })
    .from(masters)
    .where(and(eq(masters.telegramChatId, chatId), eq(masters.archived, false)))
    .orderBy(masters.id)
    .limit(1);
  return row ? { ...row, chatId } : undefined;
}
