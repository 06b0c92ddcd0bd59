/** The business's own settings: slug aliasing (CONTRACT.md §11) and the change of settings that may move the slug. */
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError, notFound } from '../../core/errors.js';
import {
  deleteOlderAliases,
  deleteSlugAlias,
  findBusinessById,
  findSlugAlias,
  insertSlugAlias,
  updateBusiness,
  type BusinessRow,
} from './business.queries.js';

/** CONTRACT.md §11: a business keeps its 3 most recent former slugs; an older one is free for anyone again. */
export const KEPT_FORMER_SLUGS = 3;

const slugTaken = () => new DomainError('slug_taken', 'Slug is already taken');

/**
 * Moves a business to a new slug; the old one becomes its alias. Another business's current or
 * former slug is refused ('taken'); returning to one's own former slug frees that alias.
 * Inside the caller's transaction: the aliases and the slug change together.
 */
export async function moveToSlug(tx: Db, business: BusinessRow, slug: string): Promise<'taken' | 'ok'> {
  if (slug === business.slug) return 'ok';
  const alias = await findSlugAlias(tx, slug);
  if (alias && alias.businessId !== business.id) return 'taken';
  if (alias) await deleteSlugAlias(tx, slug);
  await updateBusiness(tx, business.id, { slug });
  await insertSlugAlias(tx, business.id, business.slug);
  await deleteOlderAliases(tx, business.id, KEPT_FORMER_SLUGS);
  return 'ok';
}

export type BusinessSettings = Parameters<typeof updateBusiness>[2];

/** Changes the settings and, when given, the slug, in one transaction; 409 slug_taken when the slug is another's. */
export async function updateBusinessSettings(
  db: Db,
  businessId: number,
  values: BusinessSettings,
  slug: string | undefined,
): Promise<BusinessRow> {
  try {
    const business = await db.transaction(async (tx) => {
      const current = await findBusinessById(tx, businessId);
      if (!current) throw notFound('Business');
      if (slug !== undefined && (await moveToSlug(tx, current, slug)) === 'taken') throw slugTaken();
      return updateBusiness(tx, current.id, values);
    });
    if (!business) throw notFound('Business');
    return business;
  } catch (error) {
    // Another business took the slug between the check and the update.
    if (isUniqueViolation(error, 'businesses_slug_unique')) throw slugTaken();
    throw error;
  }
}
