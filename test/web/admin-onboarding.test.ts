/**
 * A new salon in /admin: the first-steps checklist (a master, working hours, strict slots, a link of its
 * own, the linked Telegram chat) with one action each, gone once all are done (test/web/first-week.test.ts
 * has the rest); and
 * the schedule editor refusing impossible hours before anything is saved.
 * Screenshots test-results/onboarding-*.png, schedule-invalid-*.png.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses } from '../../src/db/schema.js';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'onboarding', 'admin_token');

describe('first steps', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`${viewport.width}: the checklist leads to each step and disappears when the salon is set up`, async () => {
      const owner = await registerBusiness(w);
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        w.call({ method, url: `/api/v1${url}`, payload, token: owner.token });
      const page = await browser.open(viewport, owner.token);
      await page.goto(`${w.baseUrl}/admin/calendar`);
      const list = page.getByTestId('onboarding');
      if (viewport === PHONE) await list.getByRole('button', { name: 'Показать' }).click();
      await list.getByRole('heading', { name: 'Первые шаги: 0 из 5' }).waitFor();
      const step = (name: string) => list.locator(`li[data-step="${name}"]`);
      await screenshot(page, `onboarding-${viewport.width}`);

      await step('master').getByRole('button', { name: 'Добавить мастера' }).click();
      await page.getByRole('heading', { name: 'Мастера', exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/masters');
      await call('POST', '/masters', { name: 'Айгуль', service_ids: [owner.service.id] });

      await page.goto(`${w.baseUrl}/admin/calendar`);
      await list.getByRole('heading', { name: 'Первые шаги: 1 из 5' }).waitFor();
      expect(await step('master').count()).toBe(0);
      await step('hours').getByRole('button', { name: 'Настроить график' }).click();
      expect(new URL(page.url()).pathname).toBe('/admin/schedules');
      await page.goto(`${w.baseUrl}/admin/calendar`);
      await step('telegram').getByRole('button', { name: 'Подключить Telegram' }).click();
      expect(new URL(page.url()).pathname).toBe('/admin/settings');

      // Hours the owner saved, strict slots, a link of the salon's own and the chat the bot links: the checklist goes.
      const week = (await call('GET', '/schedule')).data as Array<{ id: number }>;
      await call('PUT', `/schedule/${week[0]!.id}`, { is_active: true });
      await call('PUT', '/business', { strict_slots: true, slug: `salon-${owner.business.id}` });
      await w.database.db
        .update(businesses)
        .set({ messengerChatId: String(1000 + owner.business.id) })
        .where(eq(businesses.id, owner.business.id));
      await page.goto(`${w.baseUrl}/admin/calendar`);
      await page.locator('.cal-col').first().waitFor();
      await expect.poll(() => page.getByTestId('onboarding').count()).toBe(0);
      await screenshot(page, `onboarding-done-${viewport.width}`);
    });
  }
});

describe('schedule editor', () => {
  it('refuses a day that ends before it starts or a break outside the hours; the API is not asked', async () => {
    const owner = await registerBusiness(w);
    const page = await browser.open(PHONE, owner.token);
    const puts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && puts.push(request.url()));
    await page.goto(`${w.baseUrl}/admin/schedules`);
    await page.getByLabel('Понедельник: С').fill('20:00');
    await page.getByLabel('Понедельник: По').fill('10:00');
    await page.getByRole('button', { name: 'Сохранить график' }).click();
    const problems = page.getByTestId('schedule-problems');
    await expect.poll(() => problems.textContent()).toContain('Понедельник: конец рабочего дня должен быть позже начала');
    // The column names stay readable on a phone's cards.
    await expect(
      page
        .locator('td[data-label="Часы работы"]')
        .first()
        .evaluate((td) => getComputedStyle(td, '::before').content),
    ).resolves.toBe('"Часы работы"');
    await screenshot(page, 'schedule-invalid-360');

    await page.getByLabel('Понедельник: С').fill('10:00');
    await page.getByLabel('Понедельник: По').fill('19:00');
    await page.getByLabel('Понедельник: перерыв с').fill('19:30');
    await page.getByLabel('Понедельник: перерыв до').fill('20:00');
    await page.getByRole('button', { name: 'Сохранить график' }).click();
    await expect.poll(() => problems.textContent()).toContain('Понедельник: перерыв должен быть внутри рабочих часов');
    expect(puts).toEqual([]);
    const monday = (await w.call({ method: 'GET', url: '/api/v1/schedule', token: owner.token })).data[0];
    expect(monday).toMatchObject({ start_time: '09:00', end_time: '18:00', break_start_time: '13:00' });

    await page.getByLabel('Понедельник: перерыв с').fill('14:00');
    await page.getByLabel('Понедельник: перерыв до').fill('15:00');
    await page.getByRole('button', { name: 'Сохранить график' }).click();
    await page.getByRole('status').getByText('Сохранено').waitFor();
    expect(puts).toHaveLength(1);
    const saved = (await w.call({ method: 'GET', url: '/api/v1/schedule', token: owner.token })).data[0];
    expect(saved).toMatchObject({ start_time: '10:00', end_time: '19:00', break_start_time: '14:00', break_end_time: '15:00' });
  });
});
