import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notAuthenticated } from '../../core/errors.js';
import { findUserById } from './queries.js';
import type { TokenClaims } from './tokens.js';

export interface ProviderAuth {
  userId: number;
  businessId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    provider: ProviderAuth;
    claims: TokenClaims | undefined;
  }
}

/** A password change, a reset or a Telegram unlink ended every session issued before it (CONTRACT.md §11). */
export const SESSION_ENDED = 'Session ended, log in again';

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw notAuthenticated('Not authenticated');
  return match[1];
}

export async function readClaims(request: FastifyRequest): Promise<TokenClaims> {
  return request.server.ctx.tokens.verify(bearerToken(request));
}

/** An ADMIN token's claims, or 403 for a valid token of another kind. */
export function providerClaims(claims: TokenClaims): ProviderAuth & { tokenVersion: number } {
  if (claims.kind !== 'user' || claims.role !== 'ADMIN' || claims.businessId === null) {
    throw forbidden('This route is for business providers');
  }
  return { userId: claims.userId, businessId: claims.businessId, tokenVersion: claims.tokenVersion };
}

/** The token's user still exists as that business's admin and the token was issued after its last password change. */
export async function assertCurrentSession(request: FastifyRequest, claims: ProviderAuth & { tokenVersion: number }): Promise<void> {
  // A token outlives its account (a business deleted by the super admin): without this its writes failed on foreign keys.
  const user = await findUserById(request.server.ctx.db, claims.userId);
  if (!user || user.role !== 'ADMIN' || user.businessId !== claims.businessId)
    throw notAuthenticated('Account no longer exists, log in again');
  if (user.tokenVersion !== claims.tokenVersion) throw notAuthenticated(SESSION_ENDED);
}

/** onRequest hook: an ADMIN user's token; its business scopes every query of the route. */
export async function requireProvider(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const claims = await readClaims(request);
  const provider = providerClaims(claims);
  await assertCurrentSession(request, provider);
  request.claims = claims;
  request.provider = { userId: provider.userId, businessId: provider.businessId };
}

/** onRequest hook: a super-admin token. */
export async function requireSuperAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const claims = await readClaims(request);
  if (claims.kind !== 'superadmin') throw forbidden('This route is for the platform super admin');
  request.claims = claims;
}

/** OpenAPI security of a route: a bearer token, or (noSecurity) none at all. */
export const bearerSecurity = [{ bearerAuth: [] }];
export const noSecurity: Array<Record<string, string[]>> = [];
