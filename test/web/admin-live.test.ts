/**
 * The live panel and the client card (CONTRACT.md §13) against the real server: a booking made
 * through the public API while the bookings list is open appears without a reload, with the
 * waiting-requests badge and the tab title counting it; the client's card shows visits, spent and
 * saves a note as it is typed. Screenshots under test-results/live-*.png.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, businesses } from '../../src/db/schema.js';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { book, createMaster } from '../helpers/catalog.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const w = useWebTest();
const browser = usePanelBrowser(w, 'live', 'admin_token');
const PHONE = '+7 705 222 33 44';
let owner: RegisteredBusiness;

beforeAll(async () => {
  owner = await registerBusiness(w, { service: { name: 'Стрижка', duration: 30, price: 5000 } });
  await createMaster(w, owner, 'Айгуль');
  // A set-up salon (the first-steps checklist is admin-onboarding.test.ts's subject).
  await w.database.db.update(businesses).set({ messengerChatId: '424242' }).where(eq(businesses.id, owner.business.id));
  // A visit last week: made through the public page, then dated back and completed.
  const past = await book(w, owner, { first_name: 'Бауыржан', phone: PHONE, date: '2026-11-24', time: '10:00' });
  await w.database.db
    .update(bookings)
    .set({ startAt: '2026-11-16T10:00:00', endAt: '2026-11-16T10:30:00', status: 'completed' })
    .where(eq(bookings.id, past.id));
});

describe('the live panel', () => {
  it('shows a new online booking without a reload, counts it as waiting, and opens the client card', async () => {
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/bookings`);
    await page.getByText('Записей нет').or(page.locator('table')).first().waitFor();
    const badge = page.getByTestId('waiting-badge').first();

    await book(w, owner, { first_name: 'Бауыржан', phone: PHONE, date: '2026-11-25', time: '12:00' });
    const row = page.locator('tr', { hasText: 'Бауыржан' });
    await row.waitFor();
    await expect.poll(() => badge.textContent()).toBe('1');
    // A screen reader reads the sentence, not the bare number (an aria-label on a plain span is not read).
    expect(await badge.getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByText('Ожидают подтверждения: 1', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toMatch(/^\(1\) Список записей · /);
    await screenshot(page, 'live-bookings-1280');

    // The stream ends (as on a restart of the instance): the panel reconnects by itself and catches up.
    w.app.ctx.bookingEvents.endAll();
    await book(w, owner, { first_name: 'Дана', date: '2026-11-25', time: '13:00' });
    await page.locator('tr', { hasText: 'Дана' }).waitFor();
    await expect.poll(() => badge.textContent()).toBe('2');

    await row.getByRole('button', { name: /Бауыржан/ }).click();
    const card = page.getByRole('dialog', { name: 'Бауыржан' });
    await card.waitFor();
    await expect.poll(() => card.getByTestId('client-visits').textContent()).toBe('1');
    await expect.poll(() => card.getByTestId('client-spent').textContent()).toBe('5\u202f000\u00a0₸');
    await expect.poll(() => card.getByTestId('client-history').locator('tbody tr').count()).toBe(2);
    expect(await card.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/77052223344');
    await card.getByLabel('Заметка о клиенте').fill('Любит короткие виски');
    await expect.poll(() => card.getByTestId('notes-state').textContent(), { timeout: 5000 }).toBe('Сохранено');
    const [client] = (await w.call({ method: 'GET', url: '/api/v1/clients?q=Бауыржан', token: owner.token })).data;
    expect(client.notes).toBe('Любит короткие виски');
    await screenshot(page, 'live-client-card-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'live-client-card-360');

    await card.getByRole('button', { name: 'Записать снова' }).click();
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Имя клиента').inputValue()).toBe('Бауыржан');
    await expect.poll(() => form.getByLabel('Телефон клиента').inputValue()).toBe('+7 (705) 222-33-44');
    await expect.poll(() => form.locator('select[name="master_id"] option:checked').textContent()).toBe('Айгуль');
  });
});

describe('the live panel, connecting', () => {
  it('a booking made while the stream is still connecting shows too: the list reloads once the stream answers', async () => {
    const salon = await registerBusiness(w, { service: { name: 'Стрижка', duration: 30, price: 5000 } });
    await createMaster(w, salon, 'Дина');
    const page = await browser.open(LAPTOP, salon.token);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/events', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${w.baseUrl}/admin/bookings`);
    await page.getByText('Записей нет').or(page.locator('table')).first().waitFor();
    await book(w, salon, { first_name: 'Салтанат', phone: '+7 705 333 44 55', date: '2026-11-25', time: '13:00' });
    release();
    await page.locator('tr', { hasText: 'Салтанат' }).waitFor({ timeout: 10_000 });
  });
});
