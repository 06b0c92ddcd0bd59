/**
 * What ends what (CONTRACT.md §11 fourth pass, §16): one table. Every credential is bound to generations
 * of the account it grants; every remedy raises generations; a credential ends when a remedy raises one
 * of its generations. Counted generations are numbers stamped into the credential when it is issued
 * (a token's claim, a link row's column) and compared on every use; the others are the secret itself
 * (a link code, a key, a feed address), so raising them replaces or deletes that secret.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, businesses, masters, users } from '../../db/schema.js';

/**
 * account: users.token_version of the business's admin. telegram: users.telegram_token_version (the
 * admin's Telegram identity and the provider link code). master: masters.token_version (with the master's
 * link code). api_keys: the business's keys. feeds: the masters' calendar-feed addresses. A master's remedy
 * raises master (and feeds) of that master only; a business's, of every master.
 */
export const generations = ['account', 'telegram', 'master', 'api_keys', 'feeds'] as const;
export type Generation = (typeof generations)[number];

/** The generations stamped into a credential when it is issued and compared on every use. */
const counted = ['account', 'telegram', 'master'] as const satisfies readonly Generation[];
type CountedGeneration = (typeof counted)[number];
export type GenerationStamp = Partial<Record<CountedGeneration, number>>;

export const credentialGenerations = {
  session: ['account'],
  telegram_session: ['account', 'telegram'],
  reset_link: ['account', 'telegram'],
  provider_link_code: ['telegram'],
  master_token: ['master'],
  panel_link: ['master'],
  master_link_code: ['master'],
  api_key: ['api_keys'],
  feed_address: ['feeds'],
} as const satisfies Record<string, readonly Generation[]>;
export type Credential = keyof typeof credentialGenerations;
export const credentials = Object.keys(credentialGenerations) as Credential[];

/** Each remedy of CONTRACT.md §11 and §16 and what it raises (master: the one master, or every master on a lockdown). */
export const remedyRaises = {
  password_change: ['account', 'telegram'],
  password_reset: ['account', 'telegram'],
  superadmin_reset: ['account', 'telegram', 'api_keys'],
  superadmin_lockdown: ['account', 'telegram', 'master', 'api_keys', 'feeds'],
  telegram_rotate: ['telegram'],
  telegram_unlink: ['account', 'telegram'],
  master_unlink: ['master'],
  master_rotate: ['master'],
  master_delete: ['master', 'feeds'],
} as const satisfies Record<string, readonly Generation[]>;
export type Remedy = keyof typeof remedyRaises;
export const remedies = Object.keys(remedyRaises) as Remedy[];

/** The rule itself: a remedy ends a credential when it raises a generation the credential is bound to. */
export function remedyEnds(remedy: Remedy, credential: Credential): boolean {
  const raised: readonly Generation[] = remedyRaises[remedy];
  return credentialGenerations[credential].some((generation) => raised.includes(generation));
}

/** The check every stamped credential passes on use: each counted generation it is bound to is still the one it was issued in. */
export function stillCurrent(credential: Credential, issued: GenerationStamp, current: GenerationStamp): boolean {
  const bound: readonly Generation[] = credentialGenerations[credential];
  return counted.every((generation) => !bound.includes(generation) || issued[generation] === current[generation]);
}

export interface RemedyScope {
  businessId: number;
  /** The master a master's remedy is about; every master of the business when absent. */
  masterId?: number;
}

const mastersIn = ({ businessId, masterId }: RemedyScope) =>
  and(eq(masters.businessId, businessId), masterId === undefined ? undefined : eq(masters.id, masterId));

const raise: Record<Generation, (db: Db, scope: RemedyScope) => Promise<unknown>> = {
  account: (db, { businessId }) =>
    db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.businessId, businessId), eq(users.role, 'ADMIN'))),
  // The admin's Telegram id goes with it: whoever held it is a customer in the mini app until the owner links again.
  telegram: async (db, { businessId }) => {
    await db
      .update(users)
      .set({ messengerId: null, telegramTokenVersion: sql`${users.telegramTokenVersion} + 1` })
      .where(and(eq(users.businessId, businessId), eq(users.role, 'ADMIN')));
    await db.update(businesses).set({ telegramLinkCode: null }).where(eq(businesses.id, businessId));
  },
  master: (db, scope) =>
    db
      .update(masters)
      .set({ tokenVersion: sql`${masters.tokenVersion} + 1`, telegramLinkCode: null })
      .where(mastersIn(scope)),
  api_keys: (db, { businessId }) => db.delete(apiKeys).where(eq(apiKeys.businessId, businessId)),
  // A new address is made on the next ask (GET /masters/{id}/calendar).
  feeds: (db, scope) => db.update(masters).set({ calendarToken: null }).where(mastersIn(scope)),
};

/** Applies a remedy: raises every generation the table names for it, within the scope (pass a transaction to make it one with the remedy's other writes). */
export async function endCredentials(db: Db, remedy: Remedy, scope: RemedyScope): Promise<void> {
  for (const generation of remedyRaises[remedy]) await raise[generation](db, scope);
}
