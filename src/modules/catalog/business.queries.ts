import { eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { businesses } from '../../db/schema.js';

export type BusinessRow = typeof businesses.$inferSelect;

export async function findBusinessById(db: Db, id: number): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id)).limit(1);
  return row;
}

const businessBySlug = preparedPerDb((db) =>
  db.select().from(businesses).where(eq(businesses.slug, sql.placeholder('slug'))).limit(1).prepare('business_by_slug'),
);

export async function findBusinessBySlug(db: Db, slug: string): Promise<BusinessRow | undefined> {
  const [row] = await businessBySlug(db).execute({ slug });
  return row;
}

/** Slugs equal to base or of the form base-N, for picking the first free suffix. */
export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(or(eq(businesses.slug, base), like(businesses.slug, `${base}-%`)));
  return new Set(rows.map((row) => row.slug));
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

export function businessBody(row: BusinessRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    phone: row.phone,
    address: row.address,
    messenger_chat_id: row.messengerChatId,
    strict_slots: row.strictSlots,
    ...profileBody(row),
  };
}

export function publicBusinessBody(row: BusinessRow) {
  return { id: row.id, slug: row.slug, name: row.name, phone: row.phone, address: row.address, ...profileBody(row) };
}

function profileBody(row: BusinessRow) {
  return { description: row.description, instagram: row.instagram, whatsapp: row.whatsapp };
}
