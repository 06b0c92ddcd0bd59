/** The one policy (src/modules/identity/policy.ts, docs/decisions/0084-one-policy.md): the table, the check, the refusals. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HTTP_STATUS } from '../../src/http/errors.js';
import {
  ACTIONS,
  mastersMayDecide,
  mayAct,
  POLICY,
  PRINCIPALS,
  refusal,
  type Action,
  type Principal,
} from '../../src/modules/identity/policy.js';

const principal = fc.constantFrom(...PRINCIPALS);
const action = fc.constantFrom(...ACTIONS);

describe('the table', () => {
  it('public is anyone; the mini-app routes are the mini-app user only; the platform is the super admin only', () => {
    expect(PRINCIPALS.every((kind) => mayAct(kind, 'public'))).toBe(true);
    expect(PRINCIPALS.filter((kind) => mayAct(kind, 'mini_app.own'))).toEqual(['mini_app_client']);
    expect(PRINCIPALS.filter((kind) => mayAct(kind, 'platform.manage'))).toEqual(['super_admin']);
  });

  it('a master decides only with masters_can_decide, moves nothing and reads the day (CONTRACT.md §16)', () => {
    expect(mayAct('master', 'day.read')).toBe(true);
    expect(mayAct('master', 'booking.decide')).toBe(false);
    expect(mayAct('master_deciding', 'booking.decide')).toBe(true);
    expect(mayAct('master_deciding', 'day.write')).toBe(false);
    expect(mastersMayDecide({ mastersCanDecide: true })).toBe(true);
    expect(mastersMayDecide({ mastersCanDecide: false })).toBe(false);
  });

  it('a Telegram session runs the day but not the account; an API key never the account (CONTRACT.md §11, §14)', () => {
    for (const kind of ['owner_telegram', 'api_key'] as const) {
      expect(mayAct(kind, 'day.write')).toBe(true);
      expect(mayAct(kind, 'account.manage')).toBe(false);
    }
    expect(mayAct('owner_telegram', 'business.configure')).toBe(false);
    expect(mayAct('api_key', 'business.configure')).toBe(true);
  });

  it('no two actions share a row: the served row names its action', () => {
    const rows = ACTIONS.map((name) => [...POLICY[name]].sort().join());
    expect(new Set(rows).size).toBe(ACTIONS.length);
  });
});

describe('the refusals', () => {
  it('every refused principal gets a 401 or a 403, never an answer of an admitted one', () => {
    fc.assert(
      fc.property(principal, action, (kind, name) => {
        fc.pre(!mayAct(kind, name));
        expect([401, 403]).toContain(HTTP_STATUS[refusal(kind, name).code]);
      }),
    );
  });

  it('a credential the route does not read counts as none: the anonymous refusal', () => {
    fc.assert(
      fc.property(principal, action, (kind, name) => {
        const readsInitData = mayAct('mini_app_client', name);
        fc.pre(!mayAct(kind, name) && (kind === 'mini_app_client') !== readsInitData);
        expect(refusal(kind, name)).toEqual(refusal('anonymous', name));
      }),
    );
  });

  it.each<[Principal, Action, string, string]>([
    ['anonymous', 'day.write', 'not_authenticated', 'Not authenticated'],
    ['anonymous', 'mini_app.own', 'invalid_credentials', 'X-Telegram-Init-Data header required'],
    ['api_key', 'account.manage', 'api_key_forbidden', 'API keys cannot be used here: log in as the owner'],
    ['owner_telegram', 'business.configure', 'password_session_required', 'A Telegram session cannot do this: log in with the password'],
    ['master', 'booking.decide', 'forbidden', 'The owner has not allowed masters to confirm or move bookings'],
    ['master_deciding', 'day.write', 'forbidden', 'A master cannot do this: ask the salon owner'],
    ['master', 'subscription.read', 'forbidden', 'This route is for business providers and the super admin'],
    ['master', 'platform.manage', 'forbidden', 'This route is for the platform super admin'],
    ['owner_password', 'platform.manage', 'forbidden', 'This route is for the platform super admin'],
    ['super_admin', 'day.read', 'forbidden', 'This route is for business providers'],
  ])('%s on %s: %s', (kind, name, code, detail) => {
    expect(refusal(kind, name)).toMatchObject({ code, detail });
  });
});
