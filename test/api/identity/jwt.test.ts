import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { expectRefusal } from '../../helpers/refusal.js';

const t = useTestApp({ env: { SUPERADMIN_USERNAME: 'root', SUPERADMIN_PASSWORD: 'very-secret-password' } });
const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

function claimsFor(owner: RegisteredBusiness) {
  return { sub: String(owner.user.id), role: 'ADMIN', business_id: owner.business.id };
}

async function sign(payload: Record<string, unknown>, { alg = 'HS256', key = SECRET, exp = true } = {}) {
  let jwt = new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).setIssuedAt(nowSeconds());
  if (exp) jwt = jwt.setExpirationTime(nowSeconds() + 3600);
  return jwt.sign(key);
}

const me = (token: string) => t.op('get', '/api/v1/business', { token });

describe('JWT verification: HS256 only, exp required', () => {
  it('accepts a token we sign the same way (control)', async () => {
    const owner = await registerBusiness(t);
    expect((await me(await sign(claimsFor(owner)))).statusCode).toBe(200);
    expect((await me(owner.token)).statusCode).toBe(200);
  });

  it.each([
    [
      'alg none',
      async (owner: RegisteredBusiness) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claimsFor(owner), exp: nowSeconds() + 3600 })}.`,
    ],
    ['HS512 with our secret', (owner: RegisteredBusiness) => sign(claimsFor(owner), { alg: 'HS512' })],
    ['HS384 with our secret', (owner: RegisteredBusiness) => sign(claimsFor(owner), { alg: 'HS384' })],
    ['no exp', (owner: RegisteredBusiness) => sign(claimsFor(owner), { exp: false })],
    [
      'another secret',
      (owner: RegisteredBusiness) => sign(claimsFor(owner), { key: new TextEncoder().encode('some-other-secret-of-enough-length-000') }),
    ],
    [
      'a tampered payload',
      async (owner: RegisteredBusiness) => {
        const [header, , signature] = owner.token.split('.');
        return `${header}.${b64({ ...claimsFor(owner), business_id: owner.business.id + 1, exp: nowSeconds() + 3600 })}.${signature}`;
      },
    ],
    ['a signature stripped', async (owner: RegisteredBusiness) => owner.token.split('.').slice(0, 2).join('.') + '.'],
    ['garbage', async () => 'not-a-jwt'],
    ['a token without sub', async (owner: RegisteredBusiness) => sign({ role: 'ADMIN', business_id: owner.business.id })],
  ])('401 for %s', async (_what, make) => {
    const owner = await registerBusiness(t);
    const response = await me(await make(owner));
    expect(response.statusCode).toBe(401);
    expect(response.problem.detail).toBeTypeOf('string');
  });

  it('401 when the Authorization header is missing or not Bearer', async () => {
    const owner = await registerBusiness(t);
    expect((await t.op('get', '/api/v1/business')).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/business', headers: { authorization: `Basic ${owner.token}` } })).statusCode).toBe(
      401,
    );
  });

  it('provider tokens expire after 11520 minutes, super-admin tokens after 24 h', async () => {
    const owner = await registerBusiness(t);
    const login = await t.op('post', '/api/v1/superadmin/login', { body: { username: 'root', password: 'very-secret-password' } });
    const superToken = login.data.access_token;
    const start = t.clock.now();
    try {
      t.clock.advanceMinutes(24 * 60 - 1);
      expect((await t.op('get', '/api/v1/superadmin/businesses', { token: superToken })).statusCode).toBe(200);
      t.clock.advanceMinutes(2);
      expect((await t.op('get', '/api/v1/superadmin/businesses', { token: superToken })).statusCode).toBe(401);
      t.clock.set(start);
      t.clock.advanceMinutes(11520 - 1);
      expect((await me(owner.token)).statusCode).toBe(200);
      t.clock.advanceMinutes(2);
      const expired = await me(owner.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.problem.detail).toBe('Token expired');
    } finally {
      t.clock.set(start);
    }
  });

  it('a forged super-admin token (other secret) is 401, not a way in', async () => {
    const forged = await sign(
      { sub: 'superadmin', isSuperAdmin: true },
      { key: new TextEncoder().encode('guessed-secret-guessed-secret-guessed') },
    );
    const response = await t.op('get', '/api/v1/superadmin/businesses', { token: forged });
    expectRefusal(response, 'not_authenticated');
    expect(response.problem).not.toHaveProperty('items');
  });

  it('a CUSTOMER token is 403 on provider routes', async () => {
    const owner = await registerBusiness(t);
    const customer = await sign({ sub: String(owner.user.id), role: 'CUSTOMER', business_id: owner.business.id });
    expectRefusal(await me(customer), 'forbidden');
  });
});
