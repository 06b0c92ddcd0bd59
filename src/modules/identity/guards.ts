/**
 * The one access hook (docs/decisions/0084-one-policy.md): every route declares an action (policy.ts);
 * this hook finds the request's principal kind from its credential and asks `mayAct`. A route without an
 * action fails the start-up: deny by default.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { notAuthenticated, forbidden } from '../../core/errors.js';
import { HTTP_STATUS } from '../../http/errors.js';
import { findKeyHolder, isApiKey, touchApiKey } from './api-keys.js';
import { findUserById } from './users.queries.js';
import { stillCurrent } from './credential-generations.js';
import { findMasterSession } from './master-session.queries.js';
import type { MasterClaims, SessionOrigin, TokenClaims, UserClaims } from './tokens.js';
import {
  MASTER_FORBIDDEN,
  MASTER_PRINCIPALS,
  masterKind,
  mayAct,
  mayAnyAct,
  OWNER_PRINCIPALS,
  POLICY,
  PRINCIPALS,
  readsInitData,
  audienceOf,
  refusal,
  type Action,
  type Principal,
} from './policy.js';

export { MASTER_FORBIDDEN };

export interface ProviderAuth {
  /** 0 for a master (no user account): nothing a master may do reads it. */
  userId: number;
  businessId: number;
  /** What the caller authenticated with: a password session, a Telegram (mini-app) session, an API key or a master's token. */
  via: SessionOrigin | 'api_key' | 'master';
  /** Set when the caller is an API key (each key is a caller of its own, e.g. for Idempotency-Keys). */
  apiKeyId?: number;
}

/** A master's token (CONTRACT.md §16): the caller sees that master's bookings only. */
export interface MasterAuth {
  masterId: number;
  businessId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    provider: ProviderAuth;
    claims: TokenClaims | undefined;
    /** Set only for a master's token; the route then scopes to that master. */
    master: MasterAuth | undefined;
    /** The kind of caller the policy admitted (undefined on a public route: no credential is read there). */
    principal: Principal | undefined;
  }
  interface FastifyContextConfig {
    /** The route's own action (`allow`). */
    action?: Action;
    /** Its plugin's action (`scopeAction`; the innermost plugin's), for a route that declares none. */
    scopeAction?: Action;
  }
}

/** A route's action (merge into its `config`): the one declaration of who may call it. */
export const allow = (action: Action): { action: Action } => ({ action });

/** The served document's extension that lists each operation's principal kinds. */
const PRINCIPALS_EXTENSION = 'x-principals';

type ActionConfig = { action?: Action; scopeAction?: Action };

const actionOf = (config: ActionConfig | undefined): Action | undefined => config?.action ?? config?.scopeAction;

/** Where a plugin keeps its action (`scopeAction`): a child plugin inherits it (Fastify's instances are prototypes), its own wins. */
const SCOPE_ACTION = Symbol('scopeAction');
type Scope = FastifyInstance & { [SCOPE_ACTION]?: Action };

/** The route's action as it is registered: its own, else the innermost plugin's that it is registered in. */
const routeAction = (route: RouteOptions, scope: FastifyInstance): Action | undefined =>
  (route.config as ActionConfig | undefined)?.action ?? (scope as Scope)[SCOPE_ACTION];

/** The statuses of the action's refusals (401, 403): the document lists them beside the route's own answers. */
const refusalStatuses = (action: Action): number[] => [
  ...new Set(PRINCIPALS.filter((principal) => !mayAct(principal, action)).map((principal) => HTTP_STATUS[refusal(principal, action).code])),
];

/** The refusals of the route's action, for the one OpenAPI completion (http/openapi-complete.ts completeOpenApi). */
export const refusalAnswers = (route: RouteOptions, scope: FastifyInstance): number[] => {
  const action = routeAction(route, scope);
  return action ? refusalStatuses(action) : [];
};

/** Publishes the route's principal kinds in its OpenAPI operation (a hidden route has none); its refusals came with the completion. */
function publish(route: RouteOptions): void {
  const action = actionOf(route.config as ActionConfig | undefined);
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!action || !schema || schema.hide) return;
  // A copy: a route's schema may be a module's constant, which every app built in this process holds.
  route.schema = { ...schema, [PRINCIPALS_EXTENSION]: [...POLICY[action]] } as RouteOptions['schema'];
}

/** Every route of this plugin (and its children) that declares no action of its own acts as `action`; a child plugin's own wins. */
export function scopeAction(app: FastifyInstance, action: Action): void {
  (app as Scope)[SCOPE_ACTION] = action;
}

/** A password change, a reset or a Telegram unlink ended every session issued before it (CONTRACT.md §11). */
const SESSION_ENDED = 'Session ended, log in again';
const API_KEY_REVOKED = 'Unknown or revoked API key';

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
}

/** The business an API key acts for (401 for an unknown or revoked key); its use is recorded at most once a minute. */
async function keyHolder(request: FastifyRequest, key: string) {
  const { db, time } = request.server.ctx;
  const holder = await findKeyHolder(db, key);
  if (!holder) throw notAuthenticated(API_KEY_REVOKED);
  await touchApiKey(db, holder, time.now());
  return holder;
}

/**
 * The token's user still exists as that business's admin and the token was issued after its last password
 * change; a Telegram session also after the last rotate or change of the admin's Telegram id.
 */
async function assertCurrentSession(request: FastifyRequest, claims: UserClaims & { businessId: number }): Promise<void> {
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

/** An owner's session: checked for currency (401) only when an owner may do the action at all. */
async function ownerPrincipal(request: FastifyRequest, claims: UserClaims, action: Action): Promise<Principal> {
  const { businessId } = claims;
  if (claims.role !== 'ADMIN' || businessId === null) throw forbidden(audienceOf(action));
  const kind: Principal = claims.via === 'telegram' ? 'owner_telegram' : 'owner_password';
  if (!mayAnyAct(OWNER_PRINCIPALS, action)) return kind;
  await assertCurrentSession(request, { ...claims, businessId });
  request.claims = claims;
  request.provider = { userId: claims.userId, businessId, via: claims.via };
  return kind;
}

/**
 * A master's token (CONTRACT.md §16): refused before any lookup where no master may act; else the master
 * must still exist, unarchived, in that business, with the token's version (unlink, rotate and delete
 * raise it: 401 on every instance at the next request); masters_can_decide makes it `master_deciding`.
 */
async function masterPrincipal(request: FastifyRequest, claims: MasterClaims, action: Action): Promise<Principal> {
  if (!mayAnyAct(MASTER_PRINCIPALS, action)) return 'master';
  const master = await findMasterSession(request.server.ctx.db, claims.masterId);
  const current = master && stillCurrent('master_token', { master: claims.tokenVersion }, { master: master.tokenVersion });
  if (!master || !current || master.archived || master.businessId !== claims.businessId) {
    throw notAuthenticated(SESSION_ENDED);
  }
  request.claims = claims;
  request.master = { masterId: master.id, businessId: master.businessId };
  request.provider = { userId: 0, businessId: master.businessId, via: 'master' };
  return masterKind(master.mastersCanDecide);
}

/** The kind of caller, from the credential the action takes: the initData header for the mini app's own routes, else the bearer. */
async function principalOf(request: FastifyRequest, action: Action): Promise<Principal> {
  if (readsInitData(action)) {
    const initData = request.headers['x-telegram-init-data'];
    return typeof initData === 'string' && initData !== '' ? 'mini_app_client' : 'anonymous';
  }
  const bearer = bearerOf(request);
  if (!bearer) return 'anonymous';
  if (isApiKey(bearer)) {
    const holder = await keyHolder(request, bearer);
    request.claims = undefined;
    request.provider = { userId: holder.userId, businessId: holder.businessId, via: 'api_key', apiKeyId: holder.keyId };
    return 'api_key';
  }
  const claims = await request.server.ctx.tokens.verify(bearer);
  if (claims.kind === 'superadmin') {
    request.claims = claims;
    return 'super_admin';
  }
  if (claims.kind === 'master') return masterPrincipal(request, claims, action);
  return ownerPrincipal(request, claims, action);
}

/** The one check of a request: its principal may do `action` (the route's, unless a handler asks about a further one). */
export async function admit(request: FastifyRequest, action = actionOf(request.routeOptions.config)): Promise<void> {
  if (action === undefined || action === 'public') return;
  request.master = undefined;
  const principal = await principalOf(request, action);
  if (!mayAct(principal, action)) throw refusal(principal, action);
  request.principal = principal;
}

/** A further action within an admitted request (a move inside a status change): the same table, the same refusals. */
export function admitAlso(request: FastifyRequest, action: Action): void {
  const principal = request.principal;
  if (principal !== undefined && !mayAct(principal, action)) throw refusal(principal, action);
}

/**
 * Registers the one hook before any route: every route registered afterwards must declare its action
 * (`config: allow(...)` or its plugin's `scopeAction`), else `ready()` fails.
 */
export function registerPolicy(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', function declare(this: FastifyInstance, route) {
    const scoped = (this as Scope)[SCOPE_ACTION];
    if (scoped) route.config = { ...(route.config as object), scopeAction: scoped };
    routes.push(route);
    publish(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes
      .filter((route) => !actionOf(route.config as ActionConfig | undefined))
      .map((route) => `${String(route.method)} ${route.url}`);
    if (undeclared.length > 0) throw new Error(`Routes without a declared action (policy.ts): ${undeclared.join(', ')}`);
  });
  app.addHook('onRequest', async (request) => admit(request));
}

/** The master a request is scoped to, or undefined for the owner (and keys): every booking query of a master route passes it on. */
export const masterScope = (request: FastifyRequest): number | undefined => request.master?.masterId;

/** The business a request is scoped to, or undefined for the super admin (every business). */
export const businessScope = (request: FastifyRequest): number | undefined =>
  request.principal === 'super_admin' ? undefined : request.provider.businessId;

/** The sentence the OpenAPI description of each route that refuses Telegram sessions ends with. */
export const TELEGRAM_SESSION_REFUSED = 'A Telegram (mini-app) session is refused here: 403 `password_session_required`.';
