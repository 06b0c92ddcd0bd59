/**
 * Every screen of /admin at 1280x800 and 390x844 over a salon seeded through
 * the API (test-results/admin-<screen>-<width>.png), the two calendar
 * pictures of the README (test-results/calendar-day.png, calendar-week.png),
 * and the language switch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { botEnv, useFakeTelegram } from '../helpers/fake-telegram.js';
import { PHONE_VIEWPORT, screenshot, useWebTest } from '../helpers/web.js';
import { DAY, LAPTOP, usePanelBrowser } from './admin-helpers.js';

// the bot on (a local fake Telegram), so Settings shows the Telegram link and its QR code
const fake = useFakeTelegram();
const w = useWebTest({ env: botEnv(fake) });
const browser = usePanelBrowser(w, 'admin-screens', 'admin_token');
let token = '';

type Call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => Promise<{ statusCode: number; data: any }>;

/** A salon with a day full of bookings in every status, an overlap, a master's own hours and some past weeks. */
async function seedSalon(call: Call, slug: string, haircut: number) {
  const category = await call('POST', '/categories', { name: 'Ногти' });
  const manicure = (await call('POST', '/services', { name: 'Маникюр', duration: 90, price: 7500, category_id: category.data.id })).data
    .id as number;
  const aigul = (await call('POST', '/masters', { name: 'Айгуль', service_ids: [haircut, manicure] })).data.id as number;
  const dana = (await call('POST', '/masters', { name: 'Дана', service_ids: [manicure] })).data.id as number;
  const week = (await call('POST', `/schedule/master/${dana}`)).data as Array<{ id: number }>;
  await call('PUT', `/schedule/${week[0]!.id}`, {
    start_time: '11:00',
    end_time: '19:00',
    break_start_time: '15:00',
    break_end_time: '15:30',
  });
  await call('PUT', `/schedule/${week[2]!.id}`, { is_active: false });
  const bookings: Array<[string, string, number, number, string, string]> = [
    [DAY, '11:00', aigul, manicure, 'Мария', 'confirmed'],
    [DAY, '12:00', aigul, manicure, 'Жанна', 'pending'],
    [DAY, '15:00', aigul, haircut, 'Азамат', 'pending'],
    [DAY, '11:30', dana, manicure, 'Алия', 'confirmed'],
    [DAY, '13:30', dana, manicure, 'Ерлан', 'pending'],
    [DAY, '16:00', dana, manicure, 'Гульнара', 'cancelled'],
    [DAY, '17:15', dana, manicure, 'Сауле', 'completed'],
    ['2026-11-24', '10:00', aigul, haircut, 'Тимур', 'confirmed'],
    ['2026-11-26', '14:00', dana, manicure, 'Динара', 'pending'],
  ];
  for (let day = 1; day <= 14; day += 1) {
    const date = `2026-11-${String(8 + day).padStart(2, '0')}`;
    for (let n = 0; n < (day % 4) + 1; n += 1)
      bookings.push([date, `${10 + n * 2}:00`, n % 2 ? dana : aigul, n % 2 ? manicure : haircut, `Клиент ${day}-${n}`, 'completed']);
  }
  for (const [date, time, master_id, service_id, first_name, status] of bookings) {
    const phone = `+7707${String(1_000_000 + bookings.findIndex((b) => b[4] === first_name)).padStart(7, '0')}`;
    const made = await w.call({
      method: 'POST',
      url: `/api/v1/public/${slug}/booking`,
      payload: { service_id, master_id, date, time, first_name, phone, notes: first_name === 'Мария' ? 'Без лака' : undefined },
    });
    expect(made.statusCode).toBe(201);
    if (status !== 'pending') expect((await call('PATCH', `/bookings/${made.data.id}`, { status })).statusCode).toBe(200);
  }
}

beforeAll(async () => {
  const owner = await registerBusiness(w, { business_name: 'Студия «Лотос»', service: { name: 'Стрижка', duration: 60, price: 8000 } });
  token = owner.token;
  const call: Call = (method, url, payload) => w.call({ method, url: `/api/v1${url}`, payload, token });
  await seedSalon(call, owner.business.slug, owner.service.id);
});

const SCREENS = [
  ['calendar-day', `/admin/calendar?date=${DAY}`, '.cal-booking'],
  ['calendar-week', `/admin/calendar?view=week&date=${DAY}`, '.cal-dayhead'],
  ['bookings', '/admin/bookings', '.table'],
  ['overview', '/admin/overview', '.revenue-bars'],
  ['clients', '/admin/clients', '.table'],
  ['services', '/admin/services', '.table'],
  ['masters', '/admin/masters', '.check'],
  ['schedules', '/admin/schedules', '.table'],
  ['settings', '/admin/settings', '.qr svg'],
] as const;

describe('/admin screens', () => {
  it('the README calendar pictures', async () => {
    const page = await browser.open(LAPTOP, token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    await page.locator('.cal-booking', { hasText: 'Сауле' }).waitFor();
    await expect.poll(() => page.locator('.cal-booking.overlap').count()).toBe(2);
    await screenshot(page, 'calendar-day');
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=${DAY}`);
    await page.locator('.cal-booking', { hasText: 'Динара' }).waitFor();
    await screenshot(page, 'calendar-week');
  });

  for (const viewport of [LAPTOP, PHONE_VIEWPORT]) {
    it(`every screen at ${viewport.width}x${viewport.height}`, async () => {
      const page = await browser.open(viewport, token);
      for (const [name, path, ready] of SCREENS) {
        await page.goto(`${w.baseUrl}${path}`);
        await page.locator(ready).first().waitFor();
        await screenshot(page, `admin-${name}-${viewport.width}`);
      }
      await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
      await page.locator('.cal-booking', { hasText: 'Мария' }).click();
      await page.getByRole('dialog').getByTestId('booking-status').waitFor();
      await screenshot(page, `admin-booking-detail-${viewport.width}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Предложить другое время' }).click();
      await page.getByRole('group', { name: 'Свободное время' }).waitFor();
      await screenshot(page, `admin-propose-${viewport.width}`);

      const anonymous = await browser.open(viewport);
      await anonymous.goto(`${w.baseUrl}/admin/register`);
      await anonymous.getByRole('heading', { name: 'Регистрация салона' }).waitFor();
      await screenshot(anonymous, `admin-register-${viewport.width}`);
      await anonymous.goto(`${w.baseUrl}/admin/login`);
      await anonymous.getByRole('heading', { name: 'Вход в кабинет салона' }).waitFor();
      await screenshot(anonymous, `admin-login-${viewport.width}`);
    });
  }

  it('switches to Kazakh and English and remembers the choice', async () => {
    const page = await browser.open(PHONE_VIEWPORT, token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    // On a phone the language switch sits in the menu.
    await page.getByRole('button', { name: /Меню/ }).click();
    await page.getByRole('button', { name: 'Қаз' }).click();
    await page.getByRole('heading', { name: 'Күнтізбе' }).waitFor();
    await page.getByRole('button', { name: 'Eng' }).click();
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.locator('.cal-booking').first().waitFor();
    await screenshot(page, 'admin-calendar-en-390');
    await page.reload();
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
  });
});
