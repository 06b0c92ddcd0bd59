import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, forbidden, notAuthenticated } from '../../core/errors.js';
import { findKeyHolder, isApiKey, touchApiKey } from './api-keys.js';
import { findUserById } from './users.queries.js';
import { stillCurrent } from './credential-generations.js';
import { findMasterSession } from './master-session.queries.js';
import type { MasterClaims, SessionOrigin, TokenClaims } from './tokens.js';

export interface ProviderAuth {
  /** 0 for a master (no user account): nothing a master may do reads it. */
  userId: number;
  businessId: number;
  /** What the caller authenticated with: a password session, a Telegram (mini-app) session, an API key or a master's token. */
  via: SessionOrigin | 'api_key' | 'master';
  /** Set when the caller is an API key (each key is a caller of its own, e.g. for Idempotency-Keys). */
  apiKeyId?: number;
}

type SessionClaims = ProviderAuth & { tokenVersion: number; telegramTokenVersion: number };

/** A master's token (CONTRACT.md §16): the caller sees that master's bookings only. */
export interface MasterAuth {
  masterId: number;
  businessId: number;
}

/**
 * What a master token may do on a route (CONTRACT.md §16): `read` (their own bookings, the catalog, their
 * week), `decide` (a status or a proposal, only while the business allows masters_can_decide). A route
 * that does not declare it refuses every master token (403): deny by default.
 */
export type MasterAccess = 'read' | 'decide';

declare module 'fastify' {
  interface FastifyRequest {
    provider: ProviderAuth;
    claims: TokenClaims | undefined;
    /** Set only for a master's token; the route then scopes to that master. */
    master: MasterAuth | undefined;
  }
  interface FastifyContextConfig {
    masterAccess?: MasterAccess;
  }
}

/** A route's declaration that a master token may use it (merge into the route's `config`). */
export const masterMay = (access: MasterAccess): { masterAccess: MasterAccess } => ({ masterAccess: access });

export const MASTER_FORBIDDEN = 'A master cannot do this: ask the salon owner';
export const MASTERS_CANNOT_DECIDE = 'The owner has not allowed masters to confirm or move bookings';

/** A password change, a reset or a Telegram unlink ended every session issued before it (CONTRACT.md §11). */
export const SESSION_ENDED = 'Session ended, log in again';

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw notAuthenticated('Not authenticated');
  return match[1];
}

export const API_KEY_FORBIDDEN = 'API keys cannot be used here: log in as the owner';
export const API_KEY_REVOKED = 'Unknown or revoked API key';

/** The business an API key acts for (401 for an unknown or revoked key); its use is recorded at most once a minute. */
async function keyHolder(request: FastifyRequest, key: string) {
  const { db, time } = request.server.ctx;
  const holder = await findKeyHolder(db, key);
  if (!holder) throw notAuthenticated(API_KEY_REVOKED);
  await touchApiKey(db, holder, time.now());
  return holder;
}

/** A token's claims. An API key is refused (403 when it is a live key, 401 when not): only requireProvider takes one. */
export async function readClaims(request: FastifyRequest): Promise<TokenClaims> {
  const bearer = bearerToken(request);
  if (isApiKey(bearer)) {
    await keyHolder(request, bearer);
    throw new DomainError('api_key_forbidden', API_KEY_FORBIDDEN);
  }
  return request.server.ctx.tokens.verify(bearer);
}

/** An ADMIN token's claims, or 403 for a valid token of another kind. */
export function providerClaims(claims: TokenClaims): SessionClaims {
  if (claims.kind !== 'user' || claims.role !== 'ADMIN' || claims.businessId === null) {
    throw forbidden('This route is for business providers');
  }
  const { userId, businessId, via, tokenVersion, telegramTokenVersion } = claims;
  return { userId, businessId, via, tokenVersion, telegramTokenVersion };
}

/**
 * The token's user still exists as that business's admin and the token was issued after its last password
 * change; a Telegram session also after the last rotate or change of the admin's Telegram id.
 */
export async function assertCurrentSession(request: FastifyRequest, claims: SessionClaims): Promise<void> {
  // A token outlives its account (a business deleted by the super admin): without this its writes failed on foreign keys.
  const user = await findUserById(request.server.ctx.db, claims.userId);
  if (!user || user.role !== 'ADMIN' || user.businessId !== claims.businessId)
    throw notAuthenticated('Account no longer exists, log in again');
  const credential = claims.via === 'telegram' ? 'telegram_session' : 'session';
  const issued = { account: claims.tokenVersion, telegram: claims.telegramTokenVersion };
  if (!stillCurrent(credential, issued, { account: user.tokenVersion, telegram: user.telegramTokenVersion })) {
    throw notAuthenticated(SESSION_ENDED);
  }
}

/**
 * onRequest hook: an ADMIN user's token or an API key of the business (CONTRACT.md §14); the business
 * scopes every query of the route. A key acts through the business's admin account.
 */
export async function requireProvider(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const bearer = bearerToken(request);
  if (!isApiKey(bearer)) return requireSession(request, reply);
  const holder = await keyHolder(request, bearer);
  request.claims = undefined;
  request.provider = { userId: holder.userId, businessId: holder.businessId, via: 'api_key', apiKeyId: holder.keyId };
}

/**
 * onRequest hook: an ADMIN user's token, never an API key (403): the owner's own account
 * (/auth/*), the Telegram link (/business/telegram*) and the keys themselves (/api-keys).
 */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const claims = await readClaims(request);
  request.master = undefined;
  if (claims.kind === 'master') return admitMaster(request, claims);
  const provider = providerClaims(claims);
  await assertCurrentSession(request, provider);
  request.claims = claims;
  request.provider = { userId: provider.userId, businessId: provider.businessId, via: provider.via };
}

/**
 * The one role check for a master's token (CONTRACT.md §16): the route must declare `masterAccess`
 * (else 403); the master must still exist, unarchived, in that business, with the token's version
 * (unlink, rotate and delete raise it: 401 on every instance at the next request); `decide` also needs
 * the business's masters_can_decide (else 403).
 */
async function admitMaster(request: FastifyRequest, claims: MasterClaims): Promise<void> {
  const access = request.routeOptions.config.masterAccess;
  if (!access) throw forbidden(MASTER_FORBIDDEN);
  const master = await findMasterSession(request.server.ctx.db, claims.masterId);
  const current = master && stillCurrent('master_token', { master: claims.tokenVersion }, { master: master.tokenVersion });
  if (!master || !current || master.archived || master.businessId !== claims.businessId) {
    throw notAuthenticated(SESSION_ENDED);
  }
  if (access === 'decide' && !master.mastersCanDecide) throw forbidden(MASTERS_CANNOT_DECIDE);
  request.claims = claims;
  request.master = { masterId: master.id, businessId: master.businessId };
  request.provider = { userId: 0, businessId: master.businessId, via: 'master' };
}

/** The master a request is scoped to, or undefined for the owner (and keys): every booking query of a master route passes it on. */
export const masterScope = (request: FastifyRequest): number | undefined => request.master?.masterId;

export const PASSWORD_SESSION_REQUIRED = 'A Telegram session cannot do this: log in with the password';
/** The sentence the OpenAPI description of each route that refuses Telegram sessions ends with. */
export const TELEGRAM_SESSION_REFUSED = 'A Telegram (mini-app) session is refused here: 403 `password_session_required`.';

/**
 * onRequest/preHandler hook after requireProvider or requireSession: a session from POST /auth/messenger
 * runs the day but not the account (keys, links, password, settings, exports, import): 403
 * (CONTRACT.md §11, third pass). A route opts in; an API key passes (CONTRACT.md §14 decides for keys).
 */
export async function refuseTelegramSession(request: FastifyRequest): Promise<void> {
  if (request.provider.via === 'telegram') throw new DomainError('password_session_required', PASSWORD_SESSION_REQUIRED);
}

/** onRequest hook: the owner's password session only (no API key, no Telegram session). */
export async function requirePasswordSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireSession(request, reply);
  await refuseTelegramSession(request);
}

/** onRequest hook: a super-admin token. */
export async function requireSuperAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const claims = await readClaims(request);
  if (claims.kind !== 'superadmin') throw forbidden('This route is for the platform super admin');
  request.claims = claims;
}
