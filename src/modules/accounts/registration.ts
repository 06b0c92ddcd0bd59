import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError, fieldError, invalidInput, notAuthenticated } from '../../core/errors.js';
import { normalizePhone, formatPhone } from '../../core/phone.js';
import { insertBusiness, slugsLike } from '../catalog/business.queries.js';
import { insertService } from '../catalog/services.queries.js';
import { firstFreeSlug, slugFromPhone } from '../../core/slug.js';
import { defaultBusinessWeek } from '../schedules/defaults.js';
import { insertWeek } from '../schedules/schedules.queries.js';
import { hashPassword, verifyPassword } from '../identity/password.js';
import type { PasswordCost } from '../../config.js';
import { PLACEHOLDER_DOMAIN } from './messenger.js';
import { findUserByEmail, findUserById, insertUser, setPassword, type UserRow } from '../identity/users.queries.js';

export interface RegisterInput {
  email: string;
  password: string;
  full_name: string;
  business_name: string;
  phone: string;
  address?: string;
  service?: { name?: string; duration?: number; price?: number };
}

/** SPEC.md: registration uses max(1, value or 30). */
export const initialServiceDuration = (value: number | undefined): number => Math.max(1, value || 30);

const SLUG_ATTEMPTS = 5;

export async function register(ctx: Pick<AppContext, 'db' | 'config'>, input: RegisterInput) {
  const phone = normalizePhone(input.phone);
  if (!phone) throw invalidInput('Invalid phone: expected a Kazakhstan number of 10 or 11 digits', 'phone');
  const email = input.email.trim().toLowerCase();
  // The mini app's placeholder addresses live there: an owner taking one would lock that Telegram user out.
  if (email.endsWith(`@${PLACEHOLDER_DOMAIN}`))
    throw invalidInput(`E-mail addresses at ${PLACEHOLDER_DOMAIN} cannot be registered`, 'email');
  if (await findUserByEmail(ctx.db, email)) throw new DomainError('email_taken', 'Email is already registered');
  const passwordHash = await hashPassword(input.password, ctx.config.passwordCost);

  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const base = slugFromPhone(phone);
        const business = await insertBusiness(tx, {
          slug: firstFreeSlug(base, await slugsLike(tx, base)),
          name: input.business_name.trim(),
          phone: formatPhone(phone),
          address: input.address?.trim() ?? '',
        });
        const user = await insertUser(tx, {
          email,
          passwordHash,
          fullName: input.full_name.trim(),
          role: 'ADMIN',
          businessId: business.id,
        });
        const service = await insertService(tx, business.id, {
          name: input.service?.name?.trim() || 'Услуга',
          duration: initialServiceDuration(input.service?.duration),
          price: input.service?.price ?? 0,
          categoryId: null,
        });
        await insertWeek(tx, business.id, null, defaultBusinessWeek());
        return { user, business, service };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw new DomainError('email_taken', 'Email is already registered');
      // Two registrations raced for the same slug: pick the next suffix.
      if (isUniqueViolation(error, 'businesses_slug_unique') && attempt < SLUG_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** Hashed once per cost, lazily: an unknown email is checked against it so it costs as much as a wrong password. */
const decoyHashes = new Map<string, Promise<string>>();
function decoy(cost: PasswordCost): Promise<string> {
  const key = `${cost.N}:${cost.r}:${cost.p}`;
  const hash = decoyHashes.get(key) ?? hashPassword('decoy password that matches nothing', cost);
  decoyHashes.set(key, hash);
  return hash;
}

export async function login(ctx: Pick<AppContext, 'db' | 'config'>, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email.trim());
  const isAdmin = user !== undefined && user.role === 'ADMIN';
  const matches = await verifyPassword(password, isAdmin ? user.passwordHash : await decoy(ctx.config.passwordCost));
  if (!isAdmin || !matches) throw new DomainError('invalid_credentials', 'Invalid email or password');
  return user;
}

export const WRONG_CURRENT_PASSWORD = 'Current password is wrong';

/** POST /auth/password: the current password proves the caller; the answer's user row carries the new token version. */
export async function changePassword(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  currentPassword: string,
  newPassword: string,
): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash)))
    throw fieldError('wrong_password', WRONG_CURRENT_PASSWORD, 'current_password');
  const passwordHash = await hashPassword(newPassword, ctx.config.passwordCost);
  const updated = await ctx.db.transaction((tx) => setPassword(tx, user.id, passwordHash, 'password_change'));
  if (!updated) throw notAuthenticated('Account no longer exists, log in again');
  return updated;
}
