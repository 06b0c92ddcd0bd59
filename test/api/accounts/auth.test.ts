import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { businesses, users } from '../../../src/db/schema.js';
import { hashPassword } from '../../../src/modules/identity/password.js';
import { registerBusiness, SUPERADMIN_ENV, uniquePhone, useTestApp, type TestApp } from '../../helpers/app.js';
import { expectRefusal } from '../../helpers/refusal.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const t = useTestApp({ env: SUPERADMIN_ENV });

const uniqueEmail = () => `owner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.kz`;
const registerBody = (overrides: Partial<RequestBody<'post', '/api/v1/auth/register'>> = {}) => ({
  email: uniqueEmail(),
  password: 'correct horse battery',
  full_name: 'Айгерим Садыкова',
  business_name: 'Салон «Ажар»',
  phone: uniquePhone(),
  ...overrides,
});
const register = (app: TestApp, overrides: Parameters<typeof registerBody>[0] = {}) =>
  app.op('post', '/api/v1/auth/register', { body: registerBody(overrides) });
const me = (token: string) => t.op('get', '/api/v1/auth/me', { token });

async function signRaw(claims: Record<string, unknown>, options: { alg?: string; secret?: string; exp?: number | null } = {}) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256' }).setIssuedAt(now);
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now + 3600);
  return jwt.sign(new TextEncoder().encode(options.secret ?? t.config.jwtSecret));
}

describe('POST /auth/register', () => {
  it('creates the business, its admin and the initial service, and answers 201 with a token', async () => {
    const phone = uniquePhone();
    const body = registerBody({ phone, address: '  Алматы, Абая 10 ', service: { name: 'Стрижка', duration: 45, price: 4000 } });
    const response = await t.op('post', '/api/v1/auth/register', { body: body });
    expect(response.statusCode).toBe(201);
    const digits = phone.replace(/\D/g, '');
    expect(response.data).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      user: { id: expect.any(Number), email: body.email, full_name: 'Айгерим Садыкова', role: 'ADMIN', business_id: expect.any(Number) },
      business: {
        id: response.data.user.business_id,
        slug: digits.slice(1),
        name: 'Салон «Ажар»',
        phone: `+7 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7, 9)} ${digits.slice(9)}`,
        address: 'Алматы, Абая 10',
        messenger_chat_id: null,
        strict_slots: false,
        masters_can_decide: false,
        embed_origins: [],
        hours_saved: false,
        description: null,
        instagram: null,
        whatsapp: null,
        min_notice_minutes: 0,
        booking_horizon_days: null,
      },
      service: { id: expect.any(Number), name: 'Стрижка', duration: 45, price: 4000, buffer_after: 0, category: null },
    });
    expect((await me(response.data.access_token)).statusCode).toBe(200);
  });

  it('slug: the 10-digit phone, then -2, -3 for the same phone in any spelling', async () => {
    const phone = uniquePhone();
    const local = phone.replace(/\D/g, '').slice(1);
    const slugs = [];
    for (const spelling of [phone, `8${local}`, `${local.slice(0, 3)} ${local.slice(3)}`]) {
      const response = await register(t, { phone: spelling });
      expect(response.statusCode).toBe(201);
      slugs.push(response.data.business.slug);
    }
    expect(slugs).toEqual([local, `${local}-2`, `${local}-3`]);
  });

  it.each([
    [undefined, 'Услуга', 30, 0],
    [{}, 'Услуга', 30, 0],
    [{ duration: 0 }, 'Услуга', 30, 0],
    [{ duration: -15, name: 'Маникюр' }, 'Маникюр', 1, 0],
    [{ duration: 1, price: 2500.5 }, 'Услуга', 1, 2500.5],
    [{ duration: 90, name: '   ' }, 'Услуга', 90, 0],
  ])('initial service %j → %s, %i min, %d tenge', async (service, name, duration, price) => {
    const response = await register(t, { service });
    expect(response.statusCode).toBe(201);
    expect(response.data.service).toMatchObject({ name, duration, price, category: null });
    const services = await t.op('get', '/api/v1/services', { token: response.data.access_token });
    expect(services.data).toEqual([response.data.service]);
  });

  it('creates the 7 default business schedule rows and no master', async () => {
    const owner = await registerBusiness(t);
    const week = await t.op('get', '/api/v1/schedule', { token: owner.token });
    expect(
      week.data.map((row: Record<string, unknown>) => [
        row.day_of_week,
        row.start_time,
        row.end_time,
        row.break_start_time,
        row.break_end_time,
        row.is_active,
        row.master_id,
      ]),
    ).toEqual([
      [0, '09:00', '18:00', '13:00', '14:00', true, null],
      [1, '09:00', '18:00', '13:00', '14:00', true, null],
      [2, '09:00', '18:00', '13:00', '14:00', true, null],
      [3, '09:00', '18:00', '13:00', '14:00', true, null],
      [4, '09:00', '18:00', '13:00', '14:00', true, null],
      [5, '09:00', '18:00', '13:00', '14:00', false, null],
      [6, '09:00', '18:00', '13:00', '14:00', false, null],
    ]);
    expect((await t.op('get', '/api/v1/masters', { token: owner.token })).data).toEqual([]);
  });

  it('parallel registrations: one phone gets distinct slugs, one email one account', async () => {
    const phone = uniquePhone();
    const base = phone.replace(/\D/g, '').slice(1);
    const samePhone = await Promise.all([1, 2, 3, 4].map(() => register(t, { phone })));
    expect(samePhone.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(samePhone.map((r) => r.data.business.slug).sort()).toEqual([base, `${base}-2`, `${base}-3`, `${base}-4`]);
    const email = uniqueEmail();
    const sameEmail = await Promise.all([1, 2, 3].map(() => register(t, { email })));
    expect(sameEmail.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it("stores a scrypt hash at the app's cost (production's: test/unit/password-and-hash.test.ts), never the password", async () => {
    const response = await register(t);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, response.data.user.id));
    const { N, r, p } = t.config.passwordCost;
    expect(row!.passwordHash).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(row!.passwordHash).not.toContain('correct horse battery');
  });

  it('an email is registered once, whatever its case: 409', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);
    const again = await register(t, { email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.problem).toEqual({ detail: 'Email is already registered', code: 'email_taken' });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['password', { password: 'short' }],
    ['phone', { phone: '12345' }],
    ['business_name', { business_name: '' }],
    ['business_name', { business_name: '   ' }],
    ['full_name', { full_name: undefined }],
  ])('invalid %s is 400 naming the field', async (field, overrides) => {
    // Broken on purpose: the raw client, not the typed one.
    const response = await t.call({ method: 'POST', url: '/api/v1/auth/register', payload: registerBody(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.data.detail).toContain(field);
    expect(response.data.errors[0].field).toBe(field);
  });
});

describe('POST /auth/login', () => {
  it('answers a token, the user and the business; the email is case-insensitive', async () => {
    const email = uniqueEmail();
    const registered = await register(t, { email });
    const response = await t.op('post', '/api/v1/auth/login', {
      body: { email: ` ${email.toUpperCase()} `, password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      user: registered.data.user,
      business: registered.data.business,
    });
    expect((await me(response.data.access_token)).data.user).toMatchObject({ id: registered.data.user.id });
  });

  it('a wrong password or an unknown email is 401 with the same message', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const wrong = await t.op('post', '/api/v1/auth/login', { body: { email, password: 'wrong password' } });
    const unknown = await t.op('post', '/api/v1/auth/login', { body: { email: uniqueEmail(), password: 'whatever1' } });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.problem).toEqual({ detail: 'Invalid email or password', code: 'invalid_credentials' });
    expect(unknown.problem).toEqual(wrong.problem);
  });

  it('a mini-app CUSTOMER user cannot log in here, even with a password hash', async () => {
    const owner = await registerBusiness(t);
    const email = uniqueEmail();
    await t.database.db.insert(users).values({
      email,
      passwordHash: await hashPassword('customer pass 1', t.config.passwordCost),
      fullName: 'C',
      role: 'CUSTOMER',
      businessId: owner.business.id,
    });
    const response = await t.op('post', '/api/v1/auth/login', { body: { email, password: 'customer pass 1' } });
    expectRefusal(response, 'invalid_credentials');
    expect(response.data.access_token).toBeUndefined();
  });

  it('a missing field is 400', async () => {
    const response = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@b.kz' } });
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe('password');
  });

  it('RATE_LIMIT_LOGIN=0 turns the limit off (more than the default 10 a minute pass)', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    for (let i = 0; i < 12; i += 1) {
      const response = await t.op('post', '/api/v1/auth/login', { body: { email, password: 'wrong password' } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('GET /auth/me and the token', () => {
  it('answers the user and the business of the token', async () => {
    const owner = await registerBusiness(t);
    const response = await me(owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.data.user).toMatchObject({ id: owner.user.id, role: 'ADMIN', business_id: owner.business.id });
    expect(response.data.business).toMatchObject({ id: owner.business.id, slug: owner.business.slug });
  });

  it('the token is HS256 with sub, role, business_id and an exp 11520 minutes after iat', async () => {
    const owner = await registerBusiness(t);
    expect(decodeProtectedHeader(owner.token).alg).toBe('HS256');
    const claims = decodeJwt(owner.token);
    expect(claims).toMatchObject({ sub: String(owner.user.id), role: 'ADMIN', business_id: owner.business.id });
    expect(claims.iat).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(claims.exp! - claims.iat!).toBe(11520 * 60);
  });

  it('the token expires after 11520 minutes: 401', async () => {
    const owner = await registerBusiness(t);
    try {
      t.clock.advanceMinutes(11519);
      expect((await me(owner.token)).statusCode).toBe(200);
      t.clock.advanceMinutes(2);
      const response = await me(owner.token);
      expect(response.statusCode).toBe(401);
      expect(response.problem).toEqual({ detail: 'Token expired', code: 'not_authenticated' });
    } finally {
      t.clock.advanceMinutes(-11521);
    }
  });

  it.each([
    ['no header', undefined],
    ['not a bearer header', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'Bearer not.a.jwt'],
    ['empty bearer', 'Bearer '],
  ])('%s: 401', async (_name, authorization) => {
    const response = await t.op('get', '/api/v1/auth/me', { headers: authorization ? { authorization } : {} });
    expect(response.statusCode).toBe(401);
    expect(response.problem.detail).toEqual(expect.any(String));
  });

  it('algorithms are pinned: alg none, HS512 and a foreign secret are 401', async () => {
    const owner = await registerBusiness(t);
    const claims = { sub: String(owner.user.id), role: 'ADMIN', business_id: owner.business.id };
    const unsecured = new UnsecuredJWT(claims).setExpirationTime('1h').encode();
    const hs512 = await signRaw(claims, { alg: 'HS512' });
    const foreign = await signRaw(claims, { secret: 'another-secret-that-is-long-enough-too' });
    for (const token of [unsecured, hs512, foreign]) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.problem).toEqual({ detail: 'Invalid token', code: 'not_authenticated' });
    }
    // The same claims with the right key and algorithm are accepted: the three above failed for their signature alone.
    expect((await me(await signRaw(claims))).statusCode).toBe(200);
  });

  it('exp is required: a correctly signed token without exp is 401', async () => {
    const owner = await registerBusiness(t);
    const token = await new SignJWT({ role: 'ADMIN', business_id: owner.business.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(owner.user.id))
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await me(token)).statusCode).toBe(401);
    const withExp = await new SignJWT({ role: 'ADMIN', business_id: owner.business.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(owner.user.id))
      .setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await me(withExp)).statusCode).toBe(200);
  });

  it('a token whose business was deleted is 401 on every provider route (log in again), never a 500', async () => {
    const owner = await registerBusiness(t);
    await t.database.db.delete(businesses).where(eq(businesses.id, owner.business.id));
    const requests = [
      ['GET', '/api/v1/auth/me', undefined],
      ['GET', '/api/v1/business', undefined],
      ['POST', '/api/v1/categories', { name: 'x' }],
      ['POST', '/api/v1/services', { name: 'x', duration: 5, price: 1 }],
      ['POST', '/api/v1/masters', { name: 'x' }],
      ['GET', '/api/v1/bookings', undefined],
    ] as const;
    for (const [method, url, payload] of requests) {
      const response = await t.call({ method, url, token: owner.token, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.data).toEqual({ detail: 'Account no longer exists, log in again', code: 'not_authenticated' });
    }
  });

  it("a token naming another business than its user's is 401", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    const forged = await t.app.ctx.tokens.signUser(
      { id: a.user.id, role: 'ADMIN', businessId: b.business.id, tokenVersion: 0, telegramTokenVersion: 0 },
      'password',
    );
    expectRefusal(await me(forged), 'not_authenticated');
  });

  it('a valid token of the wrong kind (customer, super admin) is 403', async () => {
    const owner = await registerBusiness(t);
    const customer = await t.app.ctx.tokens.signUser(
      {
        id: owner.user.id,
        role: 'CUSTOMER',
        businessId: owner.business.id,
        tokenVersion: 0,
        telegramTokenVersion: 0,
      },
      'telegram',
    );
    const superadmin = await t.app.ctx.tokens.signSuperAdmin();
    for (const token of [customer, superadmin]) {
      const response = await me(token);
      expect(response.statusCode).toBe(403);
      expect(response.problem).toEqual({ detail: 'This route is for business providers', code: 'forbidden' });
    }
  });
});

describe('login rate limit', () => {
  const limited = useTestApp({ env: { RATE_LIMIT_LOGIN: '2' } });

  it('RATE_LIMIT_LOGIN=2 answers 429 to the third attempt in a minute', async () => {
    const body = { email: uniqueEmail(), password: 'whatever1' };
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await limited.op('post', '/api/v1/auth/login', { body })).statusCode);
    expect(codes).toEqual([401, 401, 429]);
    const blocked = await limited.op('post', '/api/v1/auth/login', { body });
    expect(blocked.problem.detail).toMatch(/^Too many requests/);
  });
});
