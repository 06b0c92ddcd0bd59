/** Business settings (GET/PUT /business, slug rules) and the public catalog. */
import { describe, expect, it } from 'vitest';
import { registerBusiness, uniquePhone, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';
import type { RequestBody } from '../../helpers/typed-call.js';

const t = useTestApp();

type BusinessBody = RequestBody<'put', '/api/v1/business'>;

const putBusiness = (owner: RegisteredBusiness, body: BusinessBody) => t.op('put', '/api/v1/business', { token: owner.token, body });
const uniqueSlug = () => `salon-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

describe('GET /business', () => {
  it('answers the business of the token', async () => {
    const owner = await registerBusiness(t);
    const response = await t.op('get', '/api/v1/business', { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      id: owner.business.id,
      slug: owner.business.slug,
      name: 'Салон «Ажар»',
      phone: owner.business.phone,
      address: 'Алматы, ул. Абая 10',
      messenger_chat_id: null,
      strict_slots: false,
      masters_can_decide: false,
      hours_saved: false,
      description: null,
      instagram: null,
      whatsapp: null,
      min_notice_minutes: 0,
      booking_horizon_days: null,
      embed_origins: [],
    });
  });

  it('needs a provider token', async () => {
    expect((await t.op('get', '/api/v1/business')).statusCode).toBe(401);
  });
});

describe('PUT /business', () => {
  it('updates name and address; fields not sent stay', async () => {
    const owner = await registerBusiness(t);
    const response = await putBusiness(owner, { name: '  Barber Pro ', address: 'Астана, Мангилик Ел 1' });
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({
      name: 'Barber Pro',
      address: 'Астана, Мангилик Ел 1',
      slug: owner.business.slug,
      phone: owner.business.phone,
    });
    expect((await t.op('get', '/api/v1/public/{slug}', { path: { slug: owner.business.slug } })).data.name).toBe('Barber Pro');
  });

  it('stores the phone formatted as +7 701 234 56 78 and rejects one that does not normalize', async () => {
    const owner = await registerBusiness(t);
    const ok = await putBusiness(owner, { phone: '8 (702) 555-11-22' });
    expect(ok.data.phone).toBe('+7 702 555 11 22');
    const bad = await putBusiness(owner, { phone: '555' });
    expect(bad.statusCode).toBe(400);
    expect(bad.problem.errors).toEqual([{ field: 'phone', message: expect.any(String) }]);
  });

  it('changes the slug: the public page moves, the old slug stays an alias of the business (CONTRACT.md §11)', async () => {
    const owner = await registerBusiness(t);
    const slug = uniqueSlug();
    const response = await putBusiness(owner, { slug });
    expect(response.statusCode).toBe(200);
    expect(response.data.slug).toBe(slug);
    expect((await t.op('get', '/api/v1/public/{slug}', { path: { slug } })).statusCode).toBe(200);
    const old = await t.op('get', '/api/v1/public/{slug}', { path: { slug: owner.business.slug } });
    expect(old.statusCode).toBe(200);
    expect(old.data.slug).toBe(slug);
  });

  it.each(['Salon', 'salon azhar', 'салон', 'a_b', '', 'x'.repeat(65)])('slug %j breaks the format: 400 naming slug', async (slug) => {
    const owner = await registerBusiness(t);
    const response = await putBusiness(owner, { slug });
    expect(response.statusCode).toBe(400);
    expect(response.problem.errors?.[0]?.field).toBe('slug');
  });

  it.each(['api', 'admin', 'app', 'superadmin', 'docs', 'healthz', 'readyz', 'metrics', 'static', 'assets', 'health'])(
    'slug %j is reserved: 400',
    async (slug) => {
      const owner = await registerBusiness(t);
      const response = await putBusiness(owner, { slug });
      expect(response.statusCode).toBe(400);
      expect(response.problem.detail).toBe(`Slug "${slug}" is reserved`);
    },
  );

  it("another business's slug is 409; its own current slug is fine", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    const taken = await putBusiness(b, { slug: a.business.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.problem).toEqual({ detail: 'Slug is already taken', code: 'slug_taken' });
    const own = await putBusiness(a, { slug: a.business.slug, name: 'Same slug' });
    expect(own.statusCode).toBe(200);
    expect(own.data.slug).toBe(a.business.slug);
  });

  it('a registration whose phone slug was taken by a slug change gets -2', async () => {
    const phone = uniquePhone();
    const base = phone.replace(/\D/g, '').slice(1);
    const squatter = await registerBusiness(t);
    expect((await putBusiness(squatter, { slug: base })).statusCode).toBe(200);
    const owner = await registerBusiness(t, { phone });
    expect(owner.business.slug).toBe(`${base}-2`);
  });

  it('a blank name is 400', async () => {
    const owner = await registerBusiness(t);
    // Against the document's non-blank pattern on purpose: untyped.
    const response = await t.call({ method: 'PUT', url: '/api/v1/business', token: owner.token, payload: { name: '   ' } });
    expect(response.statusCode).toBe(400);
    expect(response.data.errors[0].field).toBe('name');
  });

  it('turns strict slots on and off', async () => {
    const owner = await registerBusiness(t);
    expect((await putBusiness(owner, { strict_slots: true })).data.strict_slots).toBe(true);
    expect((await putBusiness(owner, { strict_slots: false })).data.strict_slots).toBe(false);
  });

  it('an empty body changes nothing', async () => {
    const owner = await registerBusiness(t);
    const response = await putBusiness(owner, {});
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject(owner.business);
  });
});

describe('GET /business/slug-available', () => {
  it('says whether a slug is valid and free', async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    const check = async (slug: string) => (await t.op('get', '/api/v1/business/slug-available', { query: { slug }, token: a.token })).data;
    expect(await check(uniqueSlug())).toMatchObject({ available: true, reason: null });
    expect(await check(a.business.slug)).toMatchObject({ available: true, reason: null });
    expect(await check(b.business.slug)).toMatchObject({ available: false, reason: 'taken' });
    expect(await check('admin')).toMatchObject({ available: false, reason: 'reserved' });
    expect(await check('Bad Slug')).toMatchObject({ available: false, reason: 'format' });
  });
});

const base = (id: number, name: string, duration: number, price: number) => ({
  id,
  name,
  duration,
  price,
  buffer_after: 0,
  category: null,
});

describe('public catalog', () => {
  it('GET /public/{slug} answers {id, slug, name, phone, address} and the optional profile only', async () => {
    const owner = await registerBusiness(t);
    const response = await t.op('get', '/api/v1/public/{slug}', { path: { slug: owner.business.slug } });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      id: owner.business.id,
      slug: owner.business.slug,
      name: owner.business.name,
      phone: owner.business.phone,
      address: 'Алматы, ул. Абая 10',
      description: null,
      instagram: null,
      whatsapp: null,
    });
  });

  it.each<[string, (slug: string) => Promise<{ statusCode: number; problem: unknown }>]>([
    ['', (slug) => t.op('get', '/api/v1/public/{slug}', { path: { slug } })],
    ['/services', (slug) => t.op('get', '/api/v1/public/{slug}/services', { path: { slug } })],
    ['/masters', (slug) => t.op('get', '/api/v1/public/{slug}/masters', { path: { slug } })],
    ['/slots?date=2026-11-24', (slug) => t.op('get', '/api/v1/public/{slug}/slots', { path: { slug }, query: { date: '2026-11-24' } })],
  ])('an unknown slug is 404 on /public/{slug}%s', async (_suffix, get) => {
    const response = await get(`no-such-business-${Date.now()}`);
    expect(response.statusCode).toBe(404);
    expect(response.problem).toEqual({ detail: 'Business not found', code: 'not_found' });
  });

  it('services: {id, name, duration, price, buffer_after, category} with category {id, name} or null, and the ranges of §17', async () => {
    const owner = await registerBusiness(t);
    const category = (await t.op('post', '/api/v1/categories', { token: owner.token, body: { name: 'Волосы' } })).data;
    const colour = await createService(t, owner, { category_id: category.id });
    const response = await t.op('get', '/api/v1/public/{slug}/services', { path: { slug: owner.business.slug } });
    expect(response.data).toEqual([
      { ...base(owner.service.id, 'Стрижка', 60, 5000), price_min: 5000, price_max: 5000, duration_min: 60, duration_max: 60 },
      {
        ...base(colour.id, 'Окрашивание', 90, 12000),
        category: { id: category.id, name: 'Волосы' },
        price_min: 12000,
        price_max: 12000,
        duration_min: 90,
        duration_max: 90,
      },
    ]);
  });

  it('masters: {id, name, services: [service objects]}', async () => {
    const owner = await registerBusiness(t);
    const colour = await createService(t, owner);
    const master = await createMaster(t, owner, 'Данияр', [colour.id, owner.service.id]);
    const response = await t.op('get', '/api/v1/public/{slug}/masters', { path: { slug: owner.business.slug } });
    expect(response.data).toEqual([
      {
        id: master.id,
        name: 'Данияр',
        services: [
          { ...base(owner.service.id, 'Стрижка', 60, 5000), base_price: 5000, base_duration: 60 },
          { ...base(colour.id, 'Окрашивание', 90, 12000), base_price: 12000, base_duration: 90 },
        ],
      },
    ]);
  });

  it("shows one business's catalog only", async () => {
    const [a, b] = [await registerBusiness(t), await registerBusiness(t)];
    await createMaster(t, b, 'Чужой');
    expect((await t.op('get', '/api/v1/public/{slug}/masters', { path: { slug: a.business.slug } })).data).toEqual([]);
    const services = (await t.op('get', '/api/v1/public/{slug}/services', { path: { slug: a.business.slug } })).data;
    expect(services.map((s) => s.id)).toEqual([a.service.id]);
  });
});
