/**
 * The booking page at 360x740: the date strip from one /days request with
 * days off ("выходной") apart from fully booked days ("занято"), start times
 * by part of the day, the salon's hours (the days its masters work), map link and contacts, no element
 * wider than the screen, a salon without masters saying so before any step,
 * and the profile fields edited in the admin Settings.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { usePanelBrowser } from './admin-helpers.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty, the server's test clock too
const SMALL = { width: 360, height: 740 };
const w = useWebTest();
const panel = usePanelBrowser(w, 'booking-strip', 'admin_token');

async function salonWithMasters(): Promise<RegisteredBusiness> {
  const owner = await registerBusiness(w, { business_name: 'Студия красоты «Алтын Арай» на Абая' });
  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    w.call({ method, url: `/api/v1${url}`, payload: payload as object, token: owner.token });
  for (const name of ['Алия', 'Дана'])
    expect((await call('POST', '/masters', { name, service_ids: [owner.service.id] })).statusCode).toBe(201);
  const masters = (await w.call({ method: 'GET', url: '/api/v1/masters', token: owner.token })).data as { id: number }[];
  // Wednesday fully booked by both masters (09:00-18:00 with the 13:00-14:00 break, 1-hour service).
  for (const master of masters) {
    for (const time of ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']) {
      const booked = await w.call({
        method: 'POST',
        url: `/api/v1/public/${owner.business.slug}/booking`,
        payload: {
          service_id: owner.service.id,
          master_id: master.id,
          date: '2026-11-25',
          time,
          first_name: 'Ерлан',
          phone: '+77000000001',
        },
      });
      expect(booked.statusCode).toBe(201);
    }
  }
  const profile = await call('PUT', '/business', {
    description: 'Маникюр, брови и стрижки в центре Алматы.',
    instagram: '@altyn_aray',
    whatsapp: '+7 701 111 22 33',
  });
  expect(profile.statusCode).toBe(200);
  return owner;
}

/** Elements reaching past the right edge, outside horizontally scrolling containers (the date strip scrolls by design). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (scrolls(p)) return true;
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => !inScroller(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });

async function openPage(slug: string): Promise<{ page: Page; requests: string[] }> {
  const { page } = await w.phone(SMALL);
  await page.clock.setFixedTime(NOW);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${w.baseUrl}/${slug}`);
  return { page, requests };
}

describe('booking page at 360x740', () => {
  it('draws the date strip from one request: days off and full days marked apart; times by part of the day', async () => {
    const owner = await salonWithMasters();
    const { page, requests } = await openPage(owner.business.slug);
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator('[data-master="any"]').click();
    await page.locator('[data-date="2026-11-28"][data-state="off"]').waitFor();
    // Two masters, "any master", 30 days: one request, no per-day slots.
    const api = () => requests.filter((path) => path.startsWith('/api/'));
    expect(api().filter((path) => path.endsWith('/days'))).toHaveLength(1);
    expect(api().filter((path) => path.endsWith('/slots'))).toHaveLength(0);
    await expect.poll(() => page.locator('[data-date="2026-11-28"] .day-month').textContent()).toBe('выходной');
    await expect.poll(() => page.locator('[data-date="2026-11-29"] .day-month').textContent()).toBe('выходной');
    await expect.poll(() => page.locator('[data-date="2026-11-25"]').getAttribute('data-state')).toBe('full');
    await expect.poll(() => page.locator('[data-date="2026-11-25"] .day-month').textContent()).toBe('занято');
    await expect.poll(() => page.locator('[data-date="2026-11-24"]').getAttribute('data-state')).toBe('open');
    await screenshot(page, 'booking-strip-360');

    await page.locator('[data-date="2026-11-24"]').click();
    await page.locator('.day-part').first().waitFor();
    await expect.poll(() => page.locator('.day-part-title').allTextContents()).toEqual(['Утро', 'День', 'Вечер']);
    await expect.poll(() => page.locator('[data-part="morning"] .time').first().textContent()).toBe('09:00');
    await expect.poll(() => page.locator('[data-part="afternoon"] .time').first().textContent()).toBe('12:00');
    await expect.poll(() => page.locator('[data-part="evening"] .time').allTextContents()).toEqual(['17:00']);
    const result = await overflowing(page);
    expect(result.wide).toEqual([]);
    expect(result.scrollWidth).toBeLessThanOrEqual(360);
    await screenshot(page, 'booking-times-360');
  });

  it('shows the description, hours, 2GIS link and contacts; everything, the language switch too, fits 360 px in every language', async () => {
    const owner = await salonWithMasters();
    const { page } = await openPage(owner.business.slug);
    await page.locator('.business h1').waitFor();
    await expect.poll(() => page.locator('.description').textContent()).toBe('Маникюр, брови и стрижки в центре Алматы.');
    await expect
      .poll(() => page.locator('.map-link').getAttribute('href'))
      .toBe(`https://2gis.kz/search/${encodeURIComponent('Алматы, ул. Абая 10')}`);
    await expect.poll(() => page.locator('.hours-line').allTextContents()).toEqual(['пн–пт 09:00–18:00', 'сб–вс выходной']);
    await expect.poll(() => page.locator('a.whatsapp').getAttribute('href')).toBe('https://wa.me/77011112233');
    await expect.poll(() => page.locator('a.instagram').getAttribute('href')).toBe('https://instagram.com/altyn_aray');
    for (const lang of ['Рус', 'Қаз', 'Eng']) {
      await page.locator('.lang-switch button', { hasText: lang }).click();
      const result = await overflowing(page);
      expect(result.wide, lang).toEqual([]);
      expect(result.scrollWidth, lang).toBeLessThanOrEqual(360);
      const right = await page.locator('.lang-switch').evaluate((el) => el.getBoundingClientRect().right);
      expect(right, lang).toBeLessThanOrEqual(360);
    }
    await page.locator('.lang-switch button', { hasText: 'Рус' }).click();
    await screenshot(page, 'booking-header-360');
  });

  it("the hours say the days a master works though the salon's week is closed then (a master's own Sunday)", async () => {
    const owner = await registerBusiness(w);
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      w.call({ method, url: `/api/v1${url}`, payload, token: owner.token });
    const master = (await call('POST', '/masters', { name: 'Асель', service_ids: [owner.service.id] })).data as { id: number };
    const week = (await call('POST', `/schedule/master/${master.id}`)).data as { id: number; day_of_week: number }[];
    const sunday = week.find((row) => row.day_of_week === 6)!;
    const opened = await call('PUT', `/schedule/${sunday.id}`, { is_active: true, start_time: '11:00', end_time: '17:00' });
    expect(opened.statusCode, opened.body).toBe(200);
    const { page } = await openPage(owner.business.slug);
    await expect.poll(() => page.locator('.hours-line').allTextContents()).toEqual(['пн–пт 09:00–18:00', 'сб выходной', 'вс 11:00–17:00']);
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await expect.poll(() => page.locator('[data-date="2026-11-29"]').getAttribute('data-state')).toBe('open');
  });

  it('a salon without masters says online booking is not open yet and shows the phone, before any step', async () => {
    const owner = await registerBusiness(w);
    const { page, requests } = await openPage(owner.business.slug);
    await page.locator('[data-not-open]').waitFor();
    await expect.poll(() => page.locator('[data-not-open] h2').textContent()).toBe('Онлайн-запись скоро откроется');
    await expect
      .poll(() => page.locator('[data-not-open] a.call').getAttribute('href'))
      .toBe(`tel:${owner.business.phone.replace(/[^\d+]/g, '')}`);
    await expect.poll(() => page.locator('[data-service]').count()).toBe(0);
    expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect((await overflowing(page)).wide).toEqual([]);
    await screenshot(page, 'booking-not-open-360');
  });
});

describe('admin Settings: the booking page profile', () => {
  it('saves description, Instagram and WhatsApp; an empty field clears; a bad one shows its error', async () => {
    const owner = await registerBusiness(w);
    const page = await panel.open(SMALL, owner.token);
    await page.goto(`${w.baseUrl}/admin/settings`);
    const form = page.getByTestId('profile-fields');
    await form.locator('textarea[name="description"]').fill('Уютный салон у метро');
    await form.locator('input[name="instagram"]').fill('https://instagram.com/uyut.salon');
    await form.locator('input[name="whatsapp"]').fill('87011234567');
    await form.locator('button').click();
    await form.locator('[role="status"]').waitFor();
    await expect.poll(() => form.locator('input[name="instagram"]').inputValue()).toBe('uyut.salon');
    await expect.poll(() => form.locator('input[name="whatsapp"]').inputValue()).toBe('+7 701 123 45 67');
    const business = (await w.call({ method: 'GET', url: '/api/v1/business', token: owner.token })).data;
    expect(business).toMatchObject({ description: 'Уютный салон у метро', instagram: 'uyut.salon', whatsapp: '+7 701 123 45 67' });
    await screenshot(page, 'admin-profile-fields-360');

    await form.locator('input[name="whatsapp"]').fill('123');
    await form.locator('button').click();
    await form.locator('.field-error').waitFor();
    await form.locator('input[name="whatsapp"]').fill('');
    await form.locator('textarea[name="description"]').fill('');
    await form.locator('button').click();
    await form.locator('[role="status"]').waitFor();
    expect((await w.call({ method: 'GET', url: '/api/v1/business', token: owner.token })).data).toMatchObject({
      description: null,
      instagram: 'uyut.salon',
      whatsapp: null,
    });
    expect((await overflowing(page)).scrollWidth).toBeLessThanOrEqual(360);
  });
});
