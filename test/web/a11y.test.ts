/**
 * Accessibility measured, not guessed: axe-core on every step of /{slug}, the main /admin
 * screens and /app at 360 px — no violation of serious or critical impact.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { book } from '../helpers/catalog.js';
import { useWebTest } from '../helpers/web.js';
import { usePanelBrowser } from './admin-helpers.js';
import { smallTargets, violations } from './axe.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'a11y', 'admin_token');

describe('axe-core at 360 px', () => {
  it('every step of the booking page', async () => {
    const owner = await registerBusiness(w);
    for (const name of ['Алия', 'Дана'])
      await w.call({ method: 'POST', url: '/api/v1/masters', payload: { name, service_ids: [owner.service.id] }, token: owner.token });
    const page = await browser.open(PHONE);
    await page.goto(`${w.baseUrl}/${owner.business.slug}`);
    const found: string[] = [];
    await page.locator(`[data-service="${owner.service.id}"]`).waitFor();
    found.push(...(await violations(page, 'service')));
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator('[data-master="any"]').waitFor();
    found.push(...(await violations(page, 'master')));
    await page.locator('[data-master="any"]').click();
    await page.locator('[data-date="2026-11-28"]').click();
    await page.locator('.no-times').waitFor();
    found.push(...(await violations(page, 'when, a day off')));
    await page.locator('[data-date="2026-11-24"]').click();
    await page.locator('[data-time="11:00"]').waitFor();
    found.push(...(await violations(page, 'when')));
    await page.locator('[data-time="11:00"]').click();
    await page.locator('input[name="first_name"]').fill('Айжан');
    await page.locator('input[name="phone"]').fill('8 701 555 44 35');
    found.push(...(await violations(page, 'details')));
    await page.locator('button.confirm').click();
    await page.locator('.success').waitFor();
    found.push(...(await violations(page, 'done')));
    expect(found).toEqual([]);
    // The measure itself finds what it must: an image without a text is critical.
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('img'), { src: '/favicon.ico', id: 'probe' })));
    expect((await violations(page, 'probe')).join()).toContain('image-alt (critical)');
  });

  it('the main /admin screens and /app', async () => {
    const owner = await registerBusiness(w);
    const made = await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      payload: { name: 'Алия', service_ids: [owner.service.id] },
      token: owner.token,
    });
    await book(w, owner, { date: '2026-11-23', time: '15:00', master_id: made.data.id });
    const page = await browser.open(PHONE, owner.token);
    const found: string[] = [];
    const small: string[] = [];
    for (const screen of ['calendar', 'bookings', 'clients', 'services', 'masters', 'schedules', 'settings', 'overview']) {
      await page.goto(`${w.baseUrl}/admin/${screen}`);
      await page.locator('h1').waitFor();
      await expect.poll(() => page.locator('.loading').count()).toBe(0);
      found.push(...(await violations(page, `/admin/${screen}`)));
      small.push(...(await smallTargets(page, `/admin/${screen}`)));
    }
    await page.goto(`${w.baseUrl}/admin/calendar?date=2026-11-23`);
    await page.locator('.cal-booking').first().click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await violations(page, '/admin booking detail')));

    const app = await browser.open(PHONE);
    await app.goto(`${w.baseUrl}/app`);
    await app.locator('main, p').first().waitFor();
    await app.waitForTimeout(500);
    found.push(...(await violations(app, '/app')));
    expect(found).toEqual([]);
    expect(small).toEqual([]);
  });
});
