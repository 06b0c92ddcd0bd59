/** What a master token is checked against on every request (CONTRACT.md §16): the master row, read fresh. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businesses, masters } from '../../db/schema.js';

export interface MasterSessionRow {
  id: number;
  businessId: number;
  name: string;
  archived: boolean;
  tokenVersion: number;
  telegramUserId: string | null;
  mastersCanDecide: boolean;
}

export async function findMasterSession(db: Db, masterId: number): Promise<MasterSessionRow | undefined> {
  const [row] = await db
    .select({
      id: masters.id,
      businessId: masters.businessId,
      name: masters.name,
      archived: masters.archived,
      tokenVersion: masters.tokenVersion,
      telegramUserId: masters.telegramUserId,
      mastersCanDecide: businesses.mastersCanDecide,
    })
    .from(masters)
    .innerJoin(businesses, eq(businesses.id, masters.businessId))
    .where(eq(masters.id, masterId))
    .limit(1);
  return row;
}

/** The master whose chat the given Telegram user linked, if any (the mini-app login of CONTRACT.md §16). */
export async function findMasterByTelegramUser(db: Db, telegramUserId: string): Promise<MasterSessionRow | undefined> {
  const [row] = await db.select({ id: masters.id }).from(masters).where(eq(masters.telegramUserId, telegramUserId)).limit(1);
  return row ? findMasterSession(db, row.id) : undefined;
}
