/** The business's own settings: slug aliasing (CONTRACT.md §11) and the change of settings that may move the slug. */
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError, invalidInput, notFound } from '../../core/errors.js';
import { formatPhone, normalizePhone } from '../../core/phone.js';
import { MAX_SLUG_LENGTH, MIN_NEW_SLUG_LENGTH, newSlugProblem } from '../../core/slug.js';
import {
  businessBody,
  deleteOlderAliases,
  deleteSlugAlias,
  findBusinessById,
  findBusinessBySlug,
  findSlugAlias,
  insertSlugAlias,
  updateBusiness,
  type BusinessRow,
} from './business.queries.js';
import type { UpdateBusinessInput } from './business.schemas.js';
import { profileValues } from './profile.js';
import { bookingWindowValues } from './booking-window-settings.js';
import { checkedEmbedOrigins } from './embed.js';

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

type BusinessSettings = Parameters<typeof updateBusiness>[2];

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

/** 404 when the business is gone. */
export async function getBusiness(db: Db, businessId: number): Promise<ReturnType<typeof businessBody>> {
  const business = await findBusinessById(db, businessId);
  if (!business) throw notFound('Business');
  return businessBody(business);
}

/** Whether a slug is valid and free (or already this business's own); `reason` says why not. */
export async function checkSlugAvailable(db: Db, businessId: number, slug: string) {
  const problem = newSlugProblem(slug);
  if (problem) return { slug, available: false, reason: problem };
  const owner = await findBusinessBySlug(db, slug);
  const taken = owner !== undefined && owner.id !== businessId;
  return { slug, available: !taken, reason: taken ? 'taken' : null };
}

function checkedSlug(slug: string): string {
  const problem = newSlugProblem(slug);
  if (problem === 'format')
    throw invalidInput(
      `Slug must be ${MIN_NEW_SLUG_LENGTH}-${MAX_SLUG_LENGTH} characters of a-z, 0-9 and -, beginning and ending with a letter or digit`,
      'slug',
    );
  if (problem === 'reserved') throw invalidInput(`Slug "${slug}" is reserved`, 'slug');
  return slug;
}

/** The settings the request gives, checked and normalized; an absent field stays as it is. */
function settingsOf(input: UpdateBusinessInput): BusinessSettings {
  const { name, phone, address, strict_slots } = input;
  const values: BusinessSettings = profileValues(input);
  if (name !== undefined) values.name = name.trim();
  if (address !== undefined) values.address = address.trim();
  if (strict_slots !== undefined) values.strictSlots = strict_slots;
  Object.assign(values, bookingWindowValues(input));
  if (input.masters_can_decide !== undefined) values.mastersCanDecide = input.masters_can_decide;
  if (input.embed_origins !== undefined) values.embedOrigins = checkedEmbedOrigins(input.embed_origins);
  if (phone !== undefined) {
    const normalized = normalizePhone(phone);
    if (!normalized) throw invalidInput('Invalid phone: expected a Kazakhstan number of 10 or 11 digits', 'phone');
    values.phone = formatPhone(normalized);
  }
  return values;
}

/** Changes the settings and profile and, when given, the slug. */
export async function changeBusinessSettings(
  db: Db,
  businessId: number,
  input: UpdateBusinessInput,
): Promise<ReturnType<typeof businessBody>> {
  const values = settingsOf(input);
  const newSlug = input.slug === undefined ? undefined : checkedSlug(input.slug);
  return businessBody(await updateBusinessSettings(db, businessId, values, newSlug));
}
