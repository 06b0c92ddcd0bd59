/**
 * CONTRACT.md §18 in the provider panel: each master's and each service's
 * link (with it chosen), its QR code and the mini-app link; Settings gives
 * the snippet for the salon's site and keeps the allowed sites (a bad one
 * named, nothing changed). At 1280 and 360 px.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { botEnv, TEST_BOT_USERNAME, useFakeTelegram } from '../helpers/fake-telegram.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const fake = useFakeTelegram();
const w = useWebTest({ env: botEnv(fake) });
const browser = usePanelBrowser(w, 'reach-panel', 'admin_token');

describe('links that choose, in the panel', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`a master's and a service's link, QR code and mini-app link at ${viewport.width} px`, async () => {
      const owner = await registerBusiness(w);
      const master = await w.call({
        method: 'POST',
        url: '/api/v1/masters',
        token: owner.token,
        payload: { name: 'Алия', service_ids: [owner.service.id] },
      });
      const slug = owner.business.slug;
      const page = await browser.open(viewport, owner.token);
      await page.goto(`${w.baseUrl}/admin/masters`);
      const links = page.getByTestId(`reach-links-master-${master.data.id}`);
      await links.locator('summary').click();
      await expect.poll(() => links.getByTestId('reach-page-link').textContent()).toBe(`${w.baseUrl}/${slug}?master=${master.data.id}`);
      await expect
        .poll(() => links.getByTestId('reach-mini-app-link').textContent())
        .toBe(`https://t.me/${TEST_BOT_USERNAME}?startapp=${slug}__m${master.data.id}`);
      await expect.poll(() => links.getByTestId('reach-qr').locator('svg').count()).toBe(1);
      await screenshot(page, `reach-panel-master-${viewport.width}`);

      await page.goto(`${w.baseUrl}/admin/services`);
      const service = page.getByTestId(`reach-links-service-${owner.service.id}`);
      await service.locator('summary').click();
      await expect
        .poll(() => service.getByTestId('reach-page-link').textContent())
        .toBe(`${w.baseUrl}/${slug}?service=${owner.service.id}`);
      await expect
        .poll(() => service.getByTestId('reach-mini-app-link').textContent())
        .toBe(`https://t.me/${TEST_BOT_USERNAME}?startapp=${slug}__s${owner.service.id}`);
    });
  }

  it('Settings: the snippet for the salon site, the allowed sites kept, a bad one refused', async () => {
    const owner = await registerBusiness(w);
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/settings`);
    const card = page.getByTestId('embed-settings');
    await expect
      .poll(() => card.getByTestId('embed-script').textContent())
      .toBe(`<script src="${w.baseUrl}/embed.js" data-slug="${owner.business.slug}"></script>`);
    await expect.poll(() => card.getByTestId('embed-iframe').textContent()).toContain(`${w.baseUrl}/${owner.business.slug}?embed=1`);
    await card.locator('textarea[name="embed_origins"]').fill('https://Salon.kz/\nhttps://salon.tilda.ws');
    await card.locator('button.btn:not(.btn-ghost)').click();
    await expect.poll(() => card.locator('textarea[name="embed_origins"]').inputValue()).toBe('https://salon.kz\nhttps://salon.tilda.ws');
    const stored = await w.call({ method: 'GET', url: '/api/v1/business', token: owner.token });
    expect(stored.data.embed_origins).toEqual(['https://salon.kz', 'https://salon.tilda.ws']);

    await card.locator('textarea[name="embed_origins"]').fill('http://salon.kz');
    await card.locator('button.btn:not(.btn-ghost)').click();
    await expect.poll(() => card.locator('.field-error, [role="alert"]').first().textContent()).toBeTruthy();
    expect((await w.call({ method: 'GET', url: '/api/v1/business', token: owner.token })).data.embed_origins).toEqual([
      'https://salon.kz',
      'https://salon.tilda.ws',
    ]);
    await screenshot(page, 'reach-panel-embed');
  });
});
