/** fast-check over the public request bodies and queries: whatever arrives, never a 500. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp, type RegisteredBusiness } from '../../helpers/app.js';
import { createMaster } from '../../helpers/catalog.js';

const t = useTestApp();
let owner: RegisteredBusiness;
let masterId: number;
beforeAll(async () => {
  owner = await registerBusiness(t);
  masterId = (await createMaster(t, owner)).id;
});

const weird = fc.oneof(
  fc.anything(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '9999-12-31',
    '0000-00-00',
    '2026-02-29',
    '24:00',
    '23:60',
    '99:99',
    '1e309',
    'null',
    '\u0000',
    'Ⅻ:Ⅻ',
    '٢٠٢٦-١١-٢٤',
    '2026-11-24T10:00',
    2147483648,
    -2147483649,
    Number.MAX_SAFE_INTEGER,
    1e308,
  ),
);
/** A field that is mostly plausible, sometimes anything. */
const maybe = <T>(plausible: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: weird });
/** A query string carries text only; fc.anything() can build objects String() cannot convert (e.g. a "toString" key holding a number). */
function asQueryText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value) ?? '';
  }
}
const phone = fc.oneof(fc.stringMatching(/^\+?[78]?[ -]?\(?7\d{2}\)?[ -]?\d{3}[ -]?\d{2}[ -]?\d{2}$/), fc.string({ maxLength: 30 }));
const date = fc.oneof(fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), fc.constant('2026-11-24'));
const time = fc.oneof(fc.stringMatching(/^\d{2}:\d{2}$/), fc.constant('10:00'));

function bookingBody() {
  return fc.record(
    {
      service_id: maybe(
        fc.oneof(
          fc.constant(() => owner.service.id),
          fc.integer({ min: -5, max: 1e6 }),
        ),
      ),
      master_id: maybe(
        fc.oneof(
          fc.constant(() => masterId),
          fc.constant(null),
          fc.integer(),
        ),
      ),
      date: maybe(date),
      time: maybe(time),
      first_name: maybe(fc.string({ maxLength: 120 })),
      phone: maybe(phone),
      notes: maybe(fc.option(fc.string({ maxLength: 200 }))),
      captcha_token: maybe(fc.string()),
      extra: weird,
    },
    { requiredKeys: [] },
  );
}

const resolve = (value: unknown): unknown => (typeof value === 'function' ? (value as () => unknown)() : value);
const materialize = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, resolve(value)]));

async function expectNo500(response: Promise<{ statusCode: number; body: string }>, input: unknown) {
  const { statusCode, body } = await response;
  if (statusCode >= 500) throw new Error(`${statusCode} for ${JSON.stringify(input)}: ${body}`);
  if (statusCode >= 400) expect(JSON.parse(body)).toHaveProperty('detail');
  else expect(statusCode).toBe(201);
}

describe('no input gives a 500', () => {
  it('POST /public/{slug}/booking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: bookingBody() }, { weight: 1, arbitrary: weird }), async (generated) => {
        const payload =
          generated && typeof generated === 'object' && !Array.isArray(generated)
            ? materialize(generated as Record<string, unknown>)
            : generated;
        await expectNo500(
          t.call({
            method: 'POST',
            url: `/api/v1/public/${owner.business.slug}/booking`,
            payload: JSON.stringify(payload ?? null),
            headers: { 'content-type': 'application/json' },
          }),
          payload,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('POST /public/{slug}/booking with a body that is not JSON at all', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (raw) => {
        const response = await t.call({
          method: 'POST',
          url: `/api/v1/public/${owner.business.slug}/booking`,
          payload: raw,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });

  it('GET /public/{slug}/slots', async () => {
    await fc.assert(
      fc.asyncProperty(
        maybe(date).map(asQueryText),
        fc.option(maybe(fc.integer()).map(asQueryText)),
        fc.string({ maxLength: 30 }),
        async (dateParam, masterParam, slug) => {
          const query = new URLSearchParams({ date: dateParam });
          if (masterParam !== null) query.set('master_id', masterParam);
          for (const target of [owner.business.slug, slug || 'x']) {
            const response = await t.call({ method: 'GET', url: `/api/v1/public/${encodeURIComponent(target)}/slots?${query}` });
            if (response.statusCode >= 500) throw new Error(`${response.statusCode} for ${target}?${query}: ${response.body}`);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('POST /auth/register', async () => {
    const registration = fc.record(
      {
        email: maybe(fc.oneof(fc.emailAddress(), fc.string())),
        password: maybe(fc.string({ minLength: 0, maxLength: 20 })),
        full_name: maybe(fc.string({ maxLength: 50 })),
        business_name: maybe(fc.string({ maxLength: 50 })),
        phone: maybe(phone),
        address: maybe(fc.string({ maxLength: 50 })),
        service: maybe(
          fc.record({ name: maybe(fc.string()), duration: maybe(fc.integer()), price: maybe(fc.double()) }, { requiredKeys: [] }),
        ),
        captcha_token: maybe(fc.string()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 5, arbitrary: registration }, { weight: 1, arbitrary: weird }), async (payload) => {
        await expectNo500(
          t.call({
            method: 'POST',
            url: '/api/v1/auth/register',
            payload: JSON.stringify(payload ?? null),
            headers: { 'content-type': 'application/json' },
          }),
          payload,
        );
      }),
      { numRuns: 100 },
    );
  });
});
