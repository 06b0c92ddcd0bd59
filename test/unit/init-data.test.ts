/** Mini-app initData validation (src/modules/auth/init-data.ts, SPEC.md Authentication 4). */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataCheckString, signInitData, validateInitData } from '../../src/modules/identity/init-data.js';

/**
 * The example published in the Telegram Mini Apps platform documentation
 * (docs.telegram-mini-apps.com, "Validating"): this init data was signed with this bot token.
 */
const PUBLISHED = {
  token: '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8',
  initData:
    'query_id=AAHdF6IQAAAAAN0XohDhrOrc' +
    '&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D' +
    '&auth_date=1662771648' +
    '&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2',
  authDate: 1662771648,
};

describe('validateInitData', () => {
  it("accepts Telegram's published example within 5 minutes of its auth_date", () => {
    const result = validateInitData(PUBLISHED.initData, PUBLISHED.token, PUBLISHED.authDate + 60);
    expect(result).toMatchObject({
      ok: true,
      authDate: PUBLISHED.authDate,
      user: { id: 279058397, first_name: 'Vladislav', username: 'vdkfrost' },
    });
  });

  it('the published example is expired after 5 minutes and invalid under another token or with a changed field', () => {
    expect(validateInitData(PUBLISHED.initData, PUBLISHED.token, PUBLISHED.authDate + 300).ok).toBe(true);
    expect(validateInitData(PUBLISHED.initData, PUBLISHED.token, PUBLISHED.authDate + 301)).toEqual({ ok: false, reason: 'expired' });
    expect(validateInitData(PUBLISHED.initData, '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx9', PUBLISHED.authDate)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const tampered = PUBLISHED.initData.replace('auth_date=1662771648', 'auth_date=1662771649');
    expect(validateInitData(tampered, PUBLISHED.token, PUBLISHED.authDate)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a vector computed here independently of the module (fixed token, fields, hash)', () => {
    const token = '111222333:AAFixed-token_for_a_known_vector';
    const fields = { auth_date: '1790000000', query_id: 'Q1', start_param: 'salon-1', user: '{"id":42,"first_name":"Аян"}' };
    const check = Object.entries(fields)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    const secret = createHmac('sha256', 'WebAppData').update(token).digest();
    const hash = createHmac('sha256', secret).update(check).digest('hex');
    const initData = `${new URLSearchParams(fields).toString()}&hash=${hash}`;
    const result = validateInitData(initData, token, 1790000000);
    expect(result).toEqual({ ok: true, user: { id: 42, first_name: 'Аян' }, authDate: 1790000000, startParam: 'salon-1' });
    expect(signInitData(new URLSearchParams(initData), token)).toBe(hash);
  });

  it('refuses a missing or malformed hash, a missing auth_date and a missing user', () => {
    const token = '1:x';
    const signed = (fields: Record<string, string>) => {
      const params = new URLSearchParams(fields);
      params.set('hash', signInitData(params, token));
      return params.toString();
    };
    expect(validateInitData('auth_date=1&user=%7B%22id%22%3A1%7D', token, 1).ok).toBe(false);
    expect(validateInitData('auth_date=1&hash=zz', token, 1).ok).toBe(false);
    expect(validateInitData(signed({ user: '{"id":1}' }), token, 1)).toEqual({ ok: false, reason: 'invalid' });
    expect(validateInitData(signed({ auth_date: '10' }), token, 10)).toEqual({ ok: false, reason: 'invalid' });
    expect(validateInitData(signed({ auth_date: '10', user: '{"id":"1"}' }), token, 10)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('data_check_string excludes hash, sorts by key and joins with newlines', () => {
    expect(dataCheckString(new URLSearchParams('user=u&hash=h&auth_date=1&a=2'))).toBe('a=2\nauth_date=1\nuser=u');
  });

  it('property: whatever is signed validates; changing any value breaks it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 2 ** 31 }), (name, id) => {
        const token = '5:token';
        const params = new URLSearchParams({ auth_date: '1000', user: JSON.stringify({ id, first_name: name }) });
        params.set('hash', signInitData(params, token));
        const good = validateInitData(params.toString(), token, 1000);
        params.set('user', JSON.stringify({ id: id + 1, first_name: name }));
        const bad = validateInitData(params.toString(), token, 1000);
        return good.ok && !bad.ok;
      }),
    );
  });
});
