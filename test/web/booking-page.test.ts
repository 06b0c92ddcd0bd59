/**
 * The public booking page in a phone-sized chromium against the real server:
 * a client books end to end, busy and past times are not offered, a day off
 * has no times, a double tap books once, an unknown slug is a 404 page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { screenshot, useWebTest, savedDownload } from '../helpers/web.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty, the server's test clock too
const w = useWebTest({ env: { BOT_USERNAME: 'salon_test_bot' } });

interface Salon {
  owner: RegisteredBusiness;
  aliya: { id: number; name: string };
  dana: { id: number; name: string };
  manicure: { id: number };
}

async function seedSalon(): Promise<Salon> {
  const owner = await registerBusiness(w);
  const call = (method: 'POST' | 'GET', url: string, payload?: unknown) =>
    w.call({ method, url: `/api/v1${url}`, payload: payload as object, token: owner.token });
  const category = await call('POST', '/categories', { name: 'Ногти' });
  const manicure = await call('POST', '/services', { name: 'Маникюр', duration: 90, price: 7500, category_id: category.data.id });
  const aliya = await call('POST', '/masters', { name: 'Алия', service_ids: [owner.service.id] });
  const dana = await call('POST', '/masters', { name: 'Дана', service_ids: [owner.service.id, manicure.data.id] });
  for (const master of [aliya, dana]) expect(master.statusCode).toBe(201);
  // Алия is busy on Tuesday 11:00-12:00.
  const busy = await w.call({
    method: 'POST',
    url: `/api/v1/public/${owner.business.slug}/booking`,
    payload: {
      service_id: owner.service.id,
      master_id: aliya.data.id,
      date: '2026-11-24',
      time: '11:00',
      first_name: 'Ерлан',
      phone: '+77000000001',
    },
  });
  expect(busy.statusCode).toBe(201);
  return { owner, aliya: aliya.data, dana: dana.data, manicure: manicure.data };
}

async function openPage(slug: string): Promise<Page> {
  const { page } = await w.phone();
  await page.clock.setFixedTime(NOW);
  await page.goto(`${w.baseUrl}/${slug}`);
  return page;
}

const offeredTimes = (page: Page) => page.locator('.times .time').allTextContents();

async function waitForTimesOrMessage(page: Page): Promise<void> {
  await page.locator('.times, .no-times').first().waitFor();
}

describe('booking page /{slug}', () => {
  it('books a service end to end; the provider sees the right time, master and phone', async () => {
    const salon = await seedSalon();
    const requests: string[] = [];
    const page = await openPage(salon.owner.business.slug);
    page.on('request', (request) => requests.push(request.url()));

    await expect.poll(() => page.locator('h1').textContent()).toBe('Салон «Ажар»');
    await expect.poll(() => page.locator('a.phone').getAttribute('href')).toMatch(/^tel:\+?7\d{10}$/);
    const haircut = page.locator(`[data-service="${salon.owner.service.id}"]`);
    expect((await haircut.textContent())?.replace(/\s/g, ' ')).toContain('5 000 ₸');
    await expect.poll(() => page.locator('.group-title').allTextContents()).toEqual(['Ногти', 'Другие услуги']);
    await screenshot(page, 'booking-1-services');

    await haircut.click();
    await page.locator('[data-master]').first().waitFor();
    await expect
      .poll(() => page.locator('[data-master]').allTextContents())
      .toEqual([expect.stringContaining('Любой мастер'), 'ААлия', 'ДДана']);
    await screenshot(page, 'booking-2-masters');

    await page.locator(`[data-master="${salon.aliya.id}"]`).click();
    await page.locator('[data-date="2026-11-24"]').click();
    await waitForTimesOrMessage(page);
    const tuesday = await offeredTimes(page);
    expect(tuesday).toContain('09:00');
    expect(tuesday).toContain('10:00'); // 10:00-11:00 touches the busy hour only at its end
    for (const taken of ['10:15', '10:45', '11:00', '11:45', '12:15', '13:00', '13:45', '17:15']) expect(tuesday).not.toContain(taken);
    expect(tuesday).toContain('12:00');
    expect(tuesday).toContain('14:00');
    expect(tuesday.at(-1)).toBe('17:00');
    await page.locator('[data-date="2026-11-28"][data-open="false"]').waitFor();
    await screenshot(page, 'booking-3-date-time');

    await page.locator('[data-time="15:00"]').click();
    await page.locator('input[name="first_name"]').fill('Мария');
    await page.locator('input[name="phone"]').pressSequentially('7011234567');
    await expect.poll(() => page.locator('input[name="phone"]').inputValue()).toBe('(701) 123-45-67');
    await page.locator('textarea[name="notes"]').fill('Короткая стрижка');
    await screenshot(page, 'booking-4-details');

    await page.locator('button.confirm').dblclick();
    await page.locator('.success').waitFor();
    await expect.poll(() => page.locator('[data-fact="time"]').textContent()).toBe('15:00');
    await expect.poll(() => page.locator('[data-fact="master"]').textContent()).toBe('Алия');
    expect((await page.locator('[data-fact="price"]').textContent())?.replace(/\s/g, ' ')).toBe('5 000 ₸');
    await expect.poll(() => page.locator('[data-fact="date"]').textContent()).toMatch(/24 ноября/);
    await expect
      .poll(() => page.locator('a.telegram').getAttribute('href'))
      .toMatch(/^https:\/\/t\.me\/salon_test_bot\?start=client_[0-9a-f-]{36}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a.ics').click()]);
    expect(download.suggestedFilename()).toBe('booking-2026-11-24.ics');
    const icsText = readFileSync(await savedDownload(download), 'utf8');
    expect(icsText).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(icsText).toContain('DTSTART:20261124T100000Z'); // 15:00 in Almaty
    expect(icsText).toContain('DTEND:20261124T110000Z');
    await screenshot(page, 'booking-5-success');

    const list = await w.call({ method: 'GET', url: '/api/v1/bookings?date=2026-11-24', token: salon.owner.token });
    const mine = list.data.filter((b: { client: { phone: string } }) => b.client.phone === '77011234567');
    expect(mine).toHaveLength(1); // the double tap booked once
    expect(mine[0]).toMatchObject({
      start_at: '2026-11-24T15:00:00',
      end_at: '2026-11-24T16:00:00',
      master: { id: salon.aliya.id, name: 'Алия' },
      notes: 'Короткая стрижка',
    });
    expect(mine[0].client.first_name).toBe('Мария');
    // no fonts, images or scripts from other hosts
    expect(requests.filter((url) => !url.startsWith(w.baseUrl) && !url.startsWith('blob:'))).toEqual([]);
  });

  it('offers no past time today, no time on a day off, and only free masters for "any master"', async () => {
    const salon = await seedSalon();
    const page = await openPage(salon.owner.business.slug);
    await page.locator(`[data-service="${salon.manicure.id}"]`).click();
    // Only Дана does manicures: the master step is skipped.
    await page.locator('[data-date="2026-11-23"]').click();
    await waitForTimesOrMessage(page);
    const today = await offeredTimes(page);
    expect(today[0]).toBe('10:00');
    expect(today).not.toContain('09:45');
    expect(today).not.toContain('12:00'); // 12:00-13:30 runs into the break
    expect(today.at(-1)).toBe('16:30');

    await page.locator('[data-date="2026-11-28"]').click();
    await page.locator('.no-times').waitFor();
    expect(await offeredTimes(page)).toEqual([]);
    await expect.poll(() => page.locator('[data-date="2026-11-28"]').getAttribute('data-open')).toBe('false');
    await expect.poll(() => page.locator('[data-date="2026-11-29"]').getAttribute('data-open')).toBe('false');
    await screenshot(page, 'booking-6-day-off');

    // "Any master" for a haircut at 11:00 on Tuesday: Алия is busy, so Дана gets it.
    await page.locator('.picked button').first().click();
    await page.locator(`[data-service="${salon.owner.service.id}"]`).click();
    await page.locator('[data-master="any"]').click();
    await page.locator('[data-date="2026-11-24"]').click();
    await waitForTimesOrMessage(page);
    expect(await offeredTimes(page)).toContain('11:00');
    await page.locator('[data-time="11:00"]').click();
    await page.locator('input[name="first_name"]').fill('Гульнар');
    await page.locator('input[name="phone"]').fill('8 701 555 44 33');
    await page.locator('button.confirm').click();
    await page.locator('.success').waitFor();
    await expect.poll(() => page.locator('[data-fact="master"]').textContent()).toBe('Дана');
  });

  it('shows plain-word errors and switches language', async () => {
    const salon = await seedSalon();
    const page = await openPage(salon.owner.business.slug);
    await page.locator('.lang-switch button', { hasText: 'Eng' }).click();
    await expect.poll(() => page.locator('h2').textContent()).toBe('Choose a service');
    await page.locator('.lang-switch button', { hasText: 'Қаз' }).click();
    await expect.poll(() => page.locator('h2').textContent()).toBe('Қызметті таңдаңыз');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('kk');
    await page.locator(`[data-service="${salon.manicure.id}"]`).click();
    await page.locator('[data-date="2026-11-25"]').click();
    await waitForTimesOrMessage(page);
    await screenshot(page, 'booking-kk-date-time');
    await page.locator('.picked button').first().click();
    await page.locator('.lang-switch button', { hasText: 'Рус' }).click();
    await page.locator(`[data-service="${salon.manicure.id}"]`).click();
    await page.locator('[data-date="2026-11-25"]').click();
    await page.locator('[data-time="10:00"]').click();
    await page.locator('button.confirm').click();
    await expect.poll(() => page.locator('.error').textContent()).toBe('Введите имя');
    await page.locator('input[name="first_name"]').fill('Асель');
    await page.locator('input[name="phone"]').fill('701');
    await page.locator('button.confirm').click();
    await expect.poll(() => page.locator('.error').textContent()).toContain('+7 и 10 цифр');
    // The service disappears meanwhile: the API's 404 is told in plain words.
    await w.call({ method: 'DELETE', url: `/api/v1/services/${salon.manicure.id}`, token: salon.owner.token });
    await page.locator('input[name="phone"]').fill('7015554433');
    await page.locator('button.confirm').click();
    await expect.poll(() => page.locator('.error').textContent()).toContain('больше недоступны');
    await screenshot(page, 'booking-7-error');
  });

  it('renders the first screen from the HTML alone and fits a 360 px wide phone', async () => {
    const salon = await seedSalon();
    const { page } = await w.phone({ width: 360, height: 740 });
    await page.clock.setFixedTime(NOW);
    const apiCalls: string[] = [];
    await page.route('**/api/**', (route) => (apiCalls.push(route.request().url()), route.abort()));
    await page.goto(`${w.baseUrl}/${salon.owner.business.slug}`);
    await page.locator(`[data-service="${salon.manicure.id}"]`).waitFor();
    await expect.poll(() => page.title()).toBe('Салон «Ажар»');
    expect(apiCalls.every((url) => url.endsWith('/masters'))).toBe(true); // fetched ahead, not needed to draw
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await overflow()).toBeLessThanOrEqual(360);
    await page.unroute('**/api/**');
    await page.reload();
    await page.locator(`[data-service="${salon.owner.service.id}"]`).click();
    await page.locator('[data-master="any"]').click();
    await page.locator('[data-date="2026-11-24"]').click();
    await waitForTimesOrMessage(page);
    expect(await overflow()).toBeLessThanOrEqual(360);
    await page.locator('[data-time="12:00"]').click();
    expect(await overflow()).toBeLessThanOrEqual(360);
  });

  it('answers an unknown slug with the friendly 404 page', async () => {
    const { page } = await w.phone();
    const response = await page.goto(`${w.baseUrl}/no-such-salon`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Страница не найдена');
    await screenshot(page, 'booking-8-not-found');
  });
});
