/**
 * Who may act: the one table of principal kinds × actions, and the one check, so no route or press decides
 * it alone. Pure: the hook that finds a request's principal (guards.ts) and the bot's presses ask `mayAct`; the served OpenAPI
 * document publishes each operation's row as `x-principals` (docs/decisions/0084-one-policy.md).
 */
import { DomainError, forbidden, notAuthenticated } from '../../core/errors.js';

/** Every kind of caller: by the credential it presents (CONTRACT.md §11, §14, §16, §18). */
export const PRINCIPALS = [
  'anonymous',
  'owner_password',
  'owner_telegram',
  'api_key',
  'master',
  'master_deciding',
  'super_admin',
  'mini_app_client',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

const OWNER: readonly Principal[] = ['owner_password', 'owner_telegram'];
const MASTERS: readonly Principal[] = ['master', 'master_deciding'];

/** What a caller does → who may do it. A route or a bot press names one action; nothing else decides. */
export const POLICY = {
  /** The public pages, logins, health: anyone, whatever credential comes along (it is not read). */
  public: PRINCIPALS,
  /** The mini-app user's own bookings, signed by Telegram's initData (§18). */
  'mini_app.own': ['mini_app_client'],
  /** Who am I: the owner's sessions and a master (§16), never a key. */
  'me.read': [...OWNER, ...MASTERS],
  /** The day as a master sees it too: their bookings, the catalog, their week (§16). */
  'day.read': [...OWNER, 'api_key', ...MASTERS],
  /** A booking's status or a proposal: a master only while the business allows masters_can_decide (§16). */
  'booking.decide': [...OWNER, 'api_key', 'master_deciding'],
  /** Running the business's day: bookings, clients, catalog, schedules. */
  'day.write': [...OWNER, 'api_key'],
  /** Settings, exports, imports, feed addresses: not from a Telegram session (§11 third pass, decision 0043). */
  'business.configure': ['owner_password', 'api_key'],
  /** The owner's own account: password, keys, Telegram links (§11, §14). */
  'account.manage': ['owner_password'],
  /** A business's Telegram subscription state: its owner or the super admin (§7). */
  'subscription.read': [...OWNER, 'super_admin'],
  /** The platform: every business, the webhook (§7, §9). */
  'platform.manage': ['super_admin'],
} as const satisfies Record<string, readonly Principal[]>;
export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

/** The one check: may this kind of caller do this? */
export const mayAct = (principal: Principal, action: Action): boolean => (POLICY[action] as readonly Principal[]).includes(principal);

/** Whether any of these kinds may act: a credential is checked for currency only when its kind may act at all. */
export const mayAnyAct = (principals: readonly Principal[], action: Action): boolean => principals.some((kind) => mayAct(kind, action));

/** The kind a master is, by the business's masters_can_decide (CONTRACT.md §16): the one reading of that flag for access. */
export const masterKind = (mastersCanDecide: boolean): Principal => (mastersCanDecide ? 'master_deciding' : 'master');

/** Whether a business's masters may decide its bookings (a press, the buttons they are sent). */
export const mastersMayDecide = (business: { mastersCanDecide: boolean }): boolean =>
  mayAct(masterKind(business.mastersCanDecide), 'booking.decide');

export const OWNER_PRINCIPALS = OWNER;
export const MASTER_PRINCIPALS = MASTERS;

const NOT_AUTHENTICATED = 'Not authenticated';
export const INIT_DATA_REQUIRED = 'X-Telegram-Init-Data header required';
const API_KEY_FORBIDDEN = 'API keys cannot be used here: log in as the owner';
const PASSWORD_SESSION_REQUIRED = 'A Telegram session cannot do this: log in with the password';
export const MASTER_FORBIDDEN = 'A master cannot do this: ask the salon owner';
const MASTERS_CANNOT_DECIDE = 'The owner has not allowed masters to confirm or move bookings';

/** Who an action is for, in the words of its refusal. */
export function audienceOf(action: Action): string {
  const owners = mayAnyAct(OWNER, action);
  if (mayAct('super_admin', action)) {
    return owners ? 'This route is for business providers and the super admin' : 'This route is for the platform super admin';
  }
  return 'This route is for business providers';
}

/** The mini app's own routes read only the initData header, every other route only the bearer. */
export const readsInitData = (action: Action): boolean => mayAct('mini_app_client', action);

/** The principal as an action sees it: a credential the action does not read is no credential. */
const seenBy = (principal: Principal, action: Action): Principal =>
  (principal === 'mini_app_client') === readsInitData(action) ? principal : 'anonymous';

/** The answer to a principal the policy refuses (CONTRACT.md §11, §14, §16): its status, code and detail. */
export function refusal(caller: Principal, action: Action): DomainError {
  const principal = seenBy(caller, action);
  if (principal === 'anonymous') {
    return mayAct('mini_app_client', action)
      ? new DomainError('invalid_credentials', INIT_DATA_REQUIRED)
      : notAuthenticated(NOT_AUTHENTICATED);
  }
  if (principal === 'api_key') return new DomainError('api_key_forbidden', API_KEY_FORBIDDEN);
  if (principal === 'owner_telegram' && mayAct('owner_password', action)) {
    return new DomainError('password_session_required', PASSWORD_SESSION_REQUIRED);
  }
  if (principal === 'master' && mayAct('master_deciding', action)) return forbidden(MASTERS_CANNOT_DECIDE);
  const audience = audienceOf(action);
  if (MASTERS.includes(principal) && audience === 'This route is for business providers') return forbidden(MASTER_FORBIDDEN);
  return forbidden(audience);
}
