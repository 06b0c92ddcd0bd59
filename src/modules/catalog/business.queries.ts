import { and, desc, eq, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { notFound } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { containsPattern } from '../../db/like.js';
import { businesses, businessSlugAliases } from '../../db/schema.js';

export type BusinessRow = typeof businesses.$inferSelect;

/**
 * The super admin's "a business named like this": the ids of the businesses whose name or slug contains
 * `text` in any case, as a subquery (its own FROM, so an outer businesses row is never read by mistake);
 * pg_trgm's indexes answer it (migration 0022).
 */
export function businessIdsNamedLike(text: string): SQL {
  const pattern = containsPattern(text);
  return sql`SELECT ${businesses.id} FROM ${businesses} WHERE ${businesses.name} ILIKE ${pattern} OR ${businesses.slug} ILIKE ${pattern}`;
}

export async function findBusinessById(db: Db, id: number): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id)).limit(1);
  return row;
}

const businessBySlug = preparedPerDb((db) =>
  db
    .select()
    .from(businesses)
    .where(eq(businesses.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('business_by_slug'),
);

/** The business of a slug, or of a former slug of it (an alias keeps answering for its business). */
export async function findBusinessBySlug(db: Db, slug: string): Promise<BusinessRow | undefined> {
  const [row] = await businessBySlug(db).execute({ slug });
  return row ?? businessByFormerSlug(db, slug);
}

async function businessByFormerSlug(db: Db, slug: string): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select({ business: businesses })
    .from(businessSlugAliases)
    .innerJoin(businesses, eq(businesses.id, businessSlugAliases.businessId))
    .where(eq(businessSlugAliases.slug, slug))
    .limit(1);
  return row?.business;
}

/** The current slug of the business a former slug belongs to. */
export async function aliasTarget(db: Db, slug: string): Promise<string | undefined> {
  return (await businessByFormerSlug(db, slug))?.slug;
}

/** Slugs equal to base or of the form base-N, current or former, for picking the first free suffix. */
export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const similar = (column: typeof businesses.slug | typeof businessSlugAliases.slug) => or(eq(column, base), like(column, `${base}-%`));
  const [current, former] = await Promise.all([
    db.select({ slug: businesses.slug }).from(businesses).where(similar(businesses.slug)),
    db.select({ slug: businessSlugAliases.slug }).from(businessSlugAliases).where(similar(businessSlugAliases.slug)),
  ]);
  return new Set([...current, ...former].map((row) => row.slug));
}

export type SlugAliasRow = typeof businessSlugAliases.$inferSelect;

export async function findSlugAlias(db: Db, slug: string): Promise<SlugAliasRow | undefined> {
  const [alias] = await db.select().from(businessSlugAliases).where(eq(businessSlugAliases.slug, slug)).limit(1);
  return alias;
}

export async function deleteSlugAlias(db: Db, slug: string): Promise<void> {
  await db.delete(businessSlugAliases).where(eq(businessSlugAliases.slug, slug));
}

export async function insertSlugAlias(db: Db, businessId: number, slug: string): Promise<void> {
  await db.insert(businessSlugAliases).values({ slug, businessId }).onConflictDoNothing();
}

/** Deletes the business's former slugs but the `kept` most recent. */
export async function deleteOlderAliases(db: Db, businessId: number, kept: number): Promise<void> {
  const recent = db
    .select({ slug: businessSlugAliases.slug })
    .from(businessSlugAliases)
    .where(eq(businessSlugAliases.businessId, businessId))
    .orderBy(desc(businessSlugAliases.seq))
    .limit(kept);
  await db
    .delete(businessSlugAliases)
    .where(and(eq(businessSlugAliases.businessId, businessId), notInArray(businessSlugAliases.slug, recent)));
}

export async function insertBusiness(db: Db, values: typeof businesses.$inferInsert): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  return row!;
}

export async function updateBusiness(
  db: Db,
  id: number,
  values: Partial<Omit<typeof businesses.$inferInsert, 'id'>>,
): Promise<BusinessRow | undefined> {
  if (Object.keys(values).length === 0) return findBusinessById(db, id);
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, id)).returning();
  return row;
}

/** Working hours count as set by the owner from the first PUT /schedule/{id} on (the setup card's step). */
export async function markHoursSaved(db: Db, id: number): Promise<void> {
  await db
    .update(businesses)
    .set({ hoursSaved: true })
    .where(and(eq(businesses.id, id), eq(businesses.hoursSaved, false)));
}

export function businessBody(row: BusinessRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    phone: row.phone,
    address: row.address,
    messenger_chat_id: row.messengerChatId,
    strict_slots: row.strictSlots,
    masters_can_decide: row.mastersCanDecide,
    hours_saved: row.hoursSaved,
    ...profileBody(row),
    min_notice_minutes: row.minNoticeMinutes,
    booking_horizon_days: row.bookingHorizonDays,
    embed_origins: row.embedOrigins,
  };
}

export function publicBusinessBody(row: BusinessRow) {
  return { id: row.id, slug: row.slug, name: row.name, phone: row.phone, address: row.address, ...profileBody(row) };
}

function profileBody(row: BusinessRow) {
  return { description: row.description, instagram: row.instagram, whatsapp: row.whatsapp };
}

/** SPEC.md: an unknown slug on a public endpoint is 404. */
export async function businessBySlugOr404(db: Db, slug: string): Promise<BusinessRow> {
  const business = await findBusinessBySlug(db, slug);
  if (!business) throw notFound('Business');
  return business;
}
