/** GET /api/v1/public-config and the business data inlined into the booking page (no browser needed). */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, registerBusiness, type TestApp } from '../helpers/app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  await t?.database.close();
  t = undefined;
});

const inlined = (html: string) => JSON.parse(/<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html)![1]!);

describe('public config', () => {
  it('has no captcha key and no bot when they are not configured', async () => {
    t = await createTestApp();
    const response = await t.call({ method: 'GET', url: '/api/v1/public-config' });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({ captcha_site_key: null, bot_username: null, timezone: 'Asia/Almaty' });
  });

  it('publishes the site key only together with a secret, and never the secret', async () => {
    t = await createTestApp({ env: { CAPTCHA_SITE_KEY: 'site-only', BOT_USERNAME: '@salon_bot' } });
    expect((await t.call({ method: 'GET', url: '/api/v1/public-config' })).data).toEqual({
      captcha_site_key: null,
      bot_username: 'salon_bot',
      timezone: 'Asia/Almaty',
    });
    await t.app.close();
    await t.database.close();
    t = await createTestApp({ env: { CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SECRET: 'very-secret' } });
    const response = await t.call({ method: 'GET', url: '/api/v1/public-config' });
    expect(response.data.captcha_site_key).toBe('site-key');
    expect(response.body).not.toContain('very-secret');
  });
});

describe('booking page HTML', () => {
  it('carries the business, its services and the config, escaped so a name cannot close the script', async () => {
    t = await createTestApp({ env: { BOT_USERNAME: 'salon_bot' } });
    const owner = await registerBusiness(t, { business_name: 'Салон </script><script>alert(1)</script> & Co' });
    const page = await t.call({ method: 'GET', url: `/${owner.business.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('<title>Салон &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</title>');
    const data = inlined(page.body);
    const { id, slug, name, phone } = owner.business;
    expect(data.business).toEqual({
      id,
      slug,
      name,
      phone,
      address: 'Алматы, ул. Абая 10',
      description: null,
      instagram: null,
      whatsapp: null,
    });
    // The masters (none yet: the page says booking is not open) and the business schedule, 0 = Monday.
    expect(data.masters).toEqual([]);
    expect(data.hours).toHaveLength(7);
    expect(data.hours[0]).toEqual({ day_of_week: 0, open: '09:00', close: '18:00' });
    expect(data.hours[6]).toEqual({ day_of_week: 6, open: null, close: null });
    expect(data.services).toEqual([
      {
        ...{ id: owner.service.id, name: 'Стрижка', duration: 60, price: 5000, buffer_after: 0, category: null },
        ...{ price_min: 5000, price_max: 5000, duration_min: 60, duration_max: 60 },
      },
    ]);
    expect(data.config).toEqual({ captcha_site_key: null, bot_username: 'salon_bot', timezone: 'Asia/Almaty' });
  });

  it('the mini app page carries the config only', async () => {
    t = await createTestApp({ env: { BOT_USERNAME: 'salon_bot' } });
    const page = await t.call({ method: 'GET', url: '/app' });
    expect(page.statusCode).toBe(200);
    expect(inlined(page.body)).toEqual({ config: { captcha_site_key: null, bot_username: 'salon_bot', timezone: 'Asia/Almaty' } });
  });
});
