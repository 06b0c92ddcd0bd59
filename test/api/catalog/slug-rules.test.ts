/** Red team, third pass: slugs that name nothing (`-`, `--`, `0`) are refused by PUT /business and the live check. */
import { describe, expect, it } from 'vitest';
import { registerBusiness, useTestApp } from '../../helpers/app.js';

const t = useTestApp();

describe('a slug chosen now', () => {
  it('`-`, `--`, `0`, `ab` and a slug with a hyphen at either end are 400 and change nothing; the live check says format', async () => {
    const owner = await registerBusiness(t);
    for (const slug of ['-', '--', '0', 'ab', '-salon', 'salon-']) {
      const response = await t.op('put', '/api/v1/business', { token: owner.token, body: { slug } });
      expect(response.statusCode, slug).toBe(400);
      expect(response.problem).toMatchObject({ code: 'invalid_input', errors: [{ field: 'slug' }] });
      const check = await t.op('get', '/api/v1/business/slug-available', { query: { slug }, token: owner.token });
      expect(check.data).toMatchObject({ available: false, reason: 'format' });
    }
    const business = await t.op('get', '/api/v1/business', { token: owner.token });
    expect(business.data.slug).toBe(owner.business.slug);
  });

  it('digits alone (the phone default) and three characters are fine', async () => {
    const owner = await registerBusiness(t);
    const digits = String(Date.now()).slice(-10);
    expect((await t.op('put', '/api/v1/business', { token: owner.token, body: { slug: digits } })).statusCode).toBe(200);
    const short = `s${Math.random().toString(36).slice(2, 4)}`;
    const renamed = await t.op('put', '/api/v1/business', { token: owner.token, body: { slug: short } });
    expect([200, 409]).toContain(renamed.statusCode);
  });
});
