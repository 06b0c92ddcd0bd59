/**
 * The whole of /admin at 360x740: every screen without horizontal overflow of the
 * page, every section reachable through the menu button, the day view one master
 * at a time with overlapping bookings side by side (no text over text), the week
 * view scrolling inside its box; at 1280 the week of two masters fits, its columns readable.
 * Screenshots test-results/phone-<screen>-360.png.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { businesses } from '../../src/db/schema.js';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { DAY, LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'phone', 'admin_token');
let token = '';

beforeAll(async () => {
  const owner = await registerBusiness(w, {
    business_name: 'Студия красоты «Лотос» на Абая',
    service: { name: 'Стрижка', duration: 60, price: 8000 },
  });
  token = owner.token;
  const call = (method: 'POST' | 'PATCH', url: string, payload?: object) => w.call({ method, url: `/api/v1${url}`, payload, token });
  const manicure = (await call('POST', '/services', { name: 'Маникюр с покрытием гель-лаком', duration: 90, price: 7500 })).data.id;
  const aigul = (await call('POST', '/masters', { name: 'Айгуль Нурланова', service_ids: [owner.service.id, manicure] })).data.id;
  const dana = (await call('POST', '/masters', { name: 'Дана', service_ids: [manicure] })).data.id;
  await call('POST', `/schedule/master/${dana}`);
  const rows: Array<[number, number, string, string, string]> = [
    [aigul, manicure, '11:00', 'Мария Ковалёва', '+77011112233'],
    [aigul, owner.service.id, '11:30', 'Жанна', '+77014445566'],
    [aigul, owner.service.id, '12:00', 'Азамат', '+77017778899'],
    [dana, manicure, '14:00', 'Алия', '+77021234567'],
  ];
  for (const [master_id, service_id, time, first_name, phone] of rows) {
    const made = await call('POST', '/bookings', { service_id, master_id, date: DAY, time, first_name, phone });
    expect(made.statusCode).toBe(201);
  }
  await w.database.db.update(businesses).set({ messengerChatId: '777' }).where(eq(businesses.id, owner.business.id));
});

const SCREENS = [
  ['calendar-day', `/admin/calendar?date=${DAY}`, '.cal-booking'],
  ['calendar-week', `/admin/calendar?view=week&date=${DAY}`, '.cal-dayhead'],
  ['bookings', '/admin/bookings', '.table'],
  ['overview', '/admin/overview', 'svg.chart'],
  ['clients', '/admin/clients', '.table'],
  ['services', '/admin/services', '.table'],
  ['masters', '/admin/masters', '.check'],
  ['schedules', '/admin/schedules', '.table'],
  ['settings', '/admin/settings', 'form'],
] as const;

/** The page itself never scrolls sideways (a wide calendar or chart scrolls inside its own box). */
async function expectNoOverflow(page: Page, name: string) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.doc, name).toBeLessThanOrEqual(PHONE.width);
  expect(widths.body, name).toBeLessThanOrEqual(PHONE.width);
}

/** Boxes of the visible booking blocks do not overlap: their texts cannot collide. */
async function expectNoCollidingBlocks(page: Page) {
  const boxes = await page
    .locator('.cal-booking')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, r: r.right, b: r.bottom })));
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.x < b.r - 0.5 && b.x < a.r - 0.5 && a.y < b.b - 0.5 && b.y < a.b - 0.5;
      expect(overlap, JSON.stringify([a, b])).toBe(false);
    }
  }
}

describe('/admin at 360x740', () => {
  it('every screen fits the width', async () => {
    const page = await browser.open(PHONE, token);
    for (const [name, path, ready] of SCREENS) {
      await page.goto(`${w.baseUrl}${path}`);
      await page.locator(ready).first().waitFor();
      await expectNoOverflow(page, name);
      await screenshot(page, `phone-${name}-360`);
    }
  });

  it('every section is reachable through the menu button', async () => {
    const page = await browser.open(PHONE, token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    const menu = page.getByRole('button', { name: /Меню/ });
    await menu.waitFor();
    const sections: Array<[string, string]> = [
      ['Список записей', 'Список записей'],
      ['Обзор', 'Обзор'],
      ['Клиенты', 'Клиенты'],
      ['Услуги', 'Услуги'],
      ['Мастера', 'Мастера'],
      ['График работы', 'График работы'],
      ['Настройки', 'Настройки'],
      ['Календарь', 'Календарь'],
    ];
    for (const [link, heading] of sections) {
      await page.getByRole('button', { name: /Меню/ }).click();
      const target = page.getByRole('navigation').getByRole('link', { name: link, exact: true });
      const box = (await target.boundingBox())!;
      expect(box.x + box.width, link).toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height, link).toBeLessThanOrEqual(PHONE.height);
      if (link === 'Обзор') await screenshot(page, 'phone-menu-360');
      await target.click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      // The menu folds again once a section is chosen.
      await page.getByRole('navigation').getByRole('link', { name: 'Клиенты', exact: true }).waitFor({ state: 'hidden', timeout: 5000 });
    }
    await page.getByRole('button', { name: /Меню/ }).click();
    const logout = page.getByRole('link', { name: 'Выйти' });
    await logout.waitFor({ state: 'visible', timeout: 5000 });
    await logout.click();
    await page.getByRole('heading', { name: 'Вход в кабинет салона' }).waitFor();
  });

  it('the day view shows one master, overlapping bookings side by side; the week scrolls inside its box', async () => {
    const page = await browser.open(PHONE, token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    await page.locator('.cal-booking', { hasText: 'Жанна' }).waitFor();
    await expect.poll(() => page.locator('.cal-col').count()).toBe(1);
    await expect.poll(() => page.locator('.cal-booking.overlap').count()).toBe(3);
    await expectNoCollidingBlocks(page);
    await screenshot(page, 'phone-overlap-360');

    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=${DAY}`);
    await page.locator('.cal-booking').first().waitFor();
    await expect.poll(() => page.locator('.cal-day').count()).toBe(7);
    await expect.poll(() => page.locator('.cal-col').count()).toBe(7); // one master across the week
    const cal = await page
      .locator('.cal')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).overflowX }));
    expect(cal.scroll).toBeGreaterThan(cal.client);
    expect(cal.overflow).toBe('auto');
    const colWidth = await page
      .locator('.cal-col')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(colWidth).toBeGreaterThanOrEqual(88);
    await expectNoOverflow(page, 'week');
  });

  it('1280: the week with two masters fits the screen, its columns still readable (≥ 60 px: a time and a name, admin-calendar-walk)', async () => {
    const page = await browser.open(LAPTOP, token);
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=${DAY}`);
    await page.locator('.cal-booking').first().waitFor();
    await expect.poll(() => page.locator('.cal-col').count()).toBe(14);
    const widths = await page.locator('.cal-col').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(60);
    expect(await page.locator('.cal').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await screenshot(page, 'week-two-masters-1280');
  });
});
