/**
 * Linking a business to a Telegram chat (CONTRACT.md §11). The deep link carries a
 * secret code kept on the business, so only someone the panel showed it to can link:
 * the chat then gets the business's notifications and buttons, and the sender becomes
 * the admin's Telegram id (the mini app logs that person in as the provider).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { businesses, subscriptions } from '../../db/schema.js';
import { findBusinessAdmin, findUserByMessengerId, updateUser } from '../identity/users.queries.js';
import { endCredentials } from '../identity/credential-generations.js';
import { findBusinessById, updateBusiness, type BusinessRow } from '../catalog/business.queries.js';
import { deactivateOtherProviderChats, subscribe } from './subscriptions.js';

/** 24 characters of [A-Za-z0-9_-]: 144 random bits. */
const newLinkCode = (): string => randomBytes(18).toString('base64url');

export const providerStartParam = (businessId: number, code: string): string => `provider_${businessId}_${code}`;

/** The business's link code, created on first use (businesses from before codes existed have none). */
export async function linkCodeOf(db: Db, businessId: number): Promise<string | undefined> {
  const [row] = await db
    .update(businesses)
    .set({ telegramLinkCode: sql`coalesce(${businesses.telegramLinkCode}, ${newLinkCode()})` })
    .where(eq(businesses.id, businessId))
    .returning({ code: businesses.telegramLinkCode });
  return row?.code ?? undefined;
}

/**
 * POST /business/telegram/rotate: the remedy's generations raised (the code shown before links nothing, the
 * admin's Telegram id and Telegram sessions end), then the new code.
 */
export async function rotateLinkCode(db: Db, businessId: number): Promise<string | undefined> {
  await db.transaction((tx) => endCredentials(tx, 'telegram_rotate', { businessId }));
  return linkCodeOf(db, businessId);
}

function sameCode(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(stored), digest(given));
}

/**
 * A code links once (CONTRACT.md §11), also when raced: the chat is stored and the code replaced only
 * while the code is still the one given, so of concurrent uses exactly one finds it.
 */
async function useLinkCode(db: Db, businessId: number, code: string, chatId: string): Promise<boolean> {
  const rows = await db
    .update(businesses)
    .set({ messengerChatId: chatId, telegramLinkCode: newLinkCode() })
    .where(and(eq(businesses.id, businessId), eq(businesses.telegramLinkCode, code)))
    .returning({ id: businesses.id });
  return rows.length === 1;
}

export type LinkOutcome = { kind: 'invalid' } | { kind: 'linked'; business: BusinessRow; previousChat: string | null };

export interface LinkRequest {
  businessId: number;
  code: string | undefined;
  chatId: string;
  /** The Telegram user who opened the link. */
  senderId: number | undefined;
}

/** A valid code links the chat (SPEC.md's side effects); anything else changes nothing. */
export async function linkProviderChat(db: Db, log: FastifyBaseLogger, request: LinkRequest): Promise<LinkOutcome> {
  const business = request.code === undefined ? undefined : await findBusinessById(db, request.businessId);
  if (!business || !sameCode(business.telegramLinkCode, request.code!)) return { kind: 'invalid' };
  const linked = await db.transaction(async (tx) => {
    if (!(await useLinkCode(tx, business.id, request.code!, request.chatId))) return false;
    await subscribe(tx, 'PROVIDER_BUSINESS', String(business.id), request.chatId);
    await deactivateOtherProviderChats(tx, business.id, request.chatId);
    return true;
  });
  if (!linked) return { kind: 'invalid' };
  if (request.senderId !== undefined) await rememberProvider(db, log, business.id, String(request.senderId));
  return { kind: 'linked', business, previousChat: business.messengerChatId };
}

/**
 * The sender becomes the admin's Telegram id. A mini-app CUSTOMER record of the same person
 * gives the id up (it was made before the link); the admin of another business keeps it.
 */
async function rememberProvider(db: Db, log: FastifyBaseLogger, businessId: number, messengerId: string): Promise<void> {
  const admin = await findBusinessAdmin(db, businessId);
  if (!admin || admin.messengerId === messengerId) return;
  const holder = await findUserByMessengerId(db, messengerId);
  if (holder && holder.role !== 'CUSTOMER') {
    log.warn({ businessId }, 'provider Telegram id already belongs to the admin of another business');
    return;
  }
  try {
    await db.transaction(async (tx) => {
      if (holder) await updateUser(tx, holder.id, { messengerId: null });
      // Sessions of the id it replaces end (a new person holds the admin's Telegram now).
      const telegramTokenVersion = admin.telegramTokenVersion + (admin.messengerId ? 1 : 0);
      await updateUser(tx, admin.id, { messengerId, telegramTokenVersion });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    log.warn({ businessId }, 'provider Telegram id is already taken by another user');
  }
}

/**
 * DELETE /business/telegram: the chat is unlinked, its PROVIDER_BUSINESS subscriptions stop, the
 * admins' Telegram id is cleared and their earlier tokens end (a mini-app session of whoever
 * linked it included). Returns the business as it was, to tell the old chat.
 */
export async function unlinkProviderChat(db: Db, businessId: number): Promise<BusinessRow | undefined> {
  return db.transaction(async (tx) => {
    const business = await findBusinessById(tx, businessId);
    if (!business) return undefined;
    await updateBusiness(tx, businessId, { messengerChatId: null });
    await tx
      .update(subscriptions)
      .set({ isActive: false })
      .where(and(eq(subscriptions.contextType, 'PROVIDER_BUSINESS'), eq(subscriptions.contextRef, String(businessId))));
    await endCredentials(tx, 'telegram_unlink', { businessId });
    return business;
  });
}
