import type { Db } from '../../db/client.js';
import { notFound } from '../../core/errors.js';
import { businessBody, findBusinessById } from '../catalog/business.queries.js';
import type { TokenService } from '../identity/tokens.js';
import { userBody, type UserRow } from '../identity/users.queries.js';

/** The answer of a login (password, reset link): a fresh token, the user and its business. */
export async function sessionFor(ctx: { db: Db; tokens: TokenService }, user: UserRow) {
  const business = user.businessId === null ? undefined : await findBusinessById(ctx.db, user.businessId);
  if (!business) throw notFound('Business');
  const access_token = await ctx.tokens.signUser(user, 'password');
  return { access_token, token_type: 'bearer' as const, user: userBody(user), business: businessBody(business) };
}
