/** The use cases behind auth.routes.ts: sign up, log in with a password, and who the caller is. */
import type { AppContext } from '../../context.js';
import { notFound } from '../../core/errors.js';
import { businessBody, findBusinessById } from '../catalog/business.queries.js';
import { verifyCaptcha } from '../identity/captcha.js';
import type { MasterAuth, ProviderAuth } from '../identity/guards.js';
import { findMasterSession } from '../identity/master-session.queries.js';
import { findUserById, userBody } from '../identity/users.queries.js';
import { login, register, type RegisterInput } from './registration.js';
import { sessionFor } from './session.js';

/** POST /auth/register: the captcha first, then the business with its admin and first service, and the admin's token. */
export async function signUp(ctx: AppContext, input: RegisterInput & { captcha_token?: string }, remoteIp: string) {
  await verifyCaptcha(ctx.config, input.captcha_token, remoteIp);
  const { user, business, service } = await register(ctx, input);
  const access_token = await ctx.tokens.signUser(user, 'password');
  return { access_token, token_type: 'bearer' as const, user: userBody(user), business: businessBody(business), service };
}

/** POST /auth/login: an admin's email and password for a session. */
export async function openPasswordSession(ctx: AppContext, email: string, password: string) {
  return sessionFor(ctx, await login(ctx, email, password));
}

/** GET /auth/me: the admin, or the master of a master's token, and the business. */
export async function describeCaller(ctx: AppContext, provider: ProviderAuth, master: MasterAuth | undefined) {
  const business = await findBusinessById(ctx.db, provider.businessId);
  if (master) {
    const row = await findMasterSession(ctx.db, master.masterId);
    if (!row || !business) throw notFound('User');
    // The owner's chat is not the master's to know.
    const user = { role: 'MASTER' as const, master_id: row.id, full_name: row.name };
    return { user, business: { ...businessBody(business), messenger_chat_id: null } };
  }
  const user = await findUserById(ctx.db, provider.userId);
  if (!user || !business) throw notFound('User');
  return { user: userBody(user), business: businessBody(business) };
}
