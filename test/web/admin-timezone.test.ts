/**
 * The panel's "today" and the calendar's now-line are the salon's (APP_TIMEZONE,
 * inlined into the page), not the device's: an owner whose phone is set to
 * another zone still opens on the salon's day.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { useWebTest } from '../helpers/web.js';
import { LAPTOP } from './admin-helpers.js';

const w = useWebTest();
let token = '';
const pages: Page[] = [];
beforeAll(async () => {
  const owner = await registerBusiness(w);
  token = owner.token;
  await w.call({ method: 'POST', url: '/api/v1/masters', token, payload: { name: 'Дана', service_ids: [owner.service.id] } });
});
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

/** The calendar on a laptop set to New York time, at the given instant. */
async function calendarAt(instant: string): Promise<Page> {
  const context = await w.browser.newContext({ viewport: LAPTOP, locale: 'ru-RU', timezoneId: 'America/New_York' });
  await context.addInitScript((value) => localStorage.setItem('admin_token', value), token);
  const page = await context.newPage();
  pages.push(page);
  await page.clock.setFixedTime(new Date(instant));
  await page.goto(`${w.baseUrl}/admin/calendar`);
  await page.locator('.cal').waitFor();
  return page;
}

describe('/admin in another time zone than the salon', () => {
  it("opens on the salon's date: 01:00 Tuesday in Almaty is still Monday afternoon in New York", async () => {
    const page = await calendarAt('2026-11-23T20:00:00Z');
    await expect.poll(() => page.getByLabel('Выбрать дату').inputValue()).toBe('2026-11-24');
    await page.getByText('Вторник, 24 ноября').waitFor();
  });

  it("draws the now-line at the salon's time: 12:30 in Almaty is 02:30 in New York, before the working day", async () => {
    const page = await calendarAt('2026-11-23T07:30:00Z');
    await expect.poll(() => page.getByLabel('Выбрать дату').inputValue()).toBe('2026-11-23');
    await expect.poll(() => page.locator('.cal-now').count()).toBe(1);
  });
});
