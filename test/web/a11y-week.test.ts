/**
 * axe-core (serious, critical) and the 40 px targets over the screens changed this week, on a salon with
 * something to show: the owner's week with overlapping bookings (cascade, decision 0092) and a visit's linked
 * items at 360 and 1280 px; a week of three masters as the list at 1280; the bookings page where a visit is
 * one line (decision 0094), whole and narrowed to a master; the move dialog of a booking on its master's day
 * off; the booking page's notice after 409 price_changed for "any master" whose master was taken meanwhile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useWebTest } from '../helpers/web.js';
import { LAPTOP, twoMasterSalon, usePanelBrowser } from './admin-helpers.js';
import { smallTargets, violations } from './axe.js';

const PHONE = { width: 360, height: 740 };
const TUESDAY = '2026-11-24';
const THURSDAY = '2026-11-26';
const w = useWebTest();
const browser = usePanelBrowser(w, 'a11y-week', 'admin_token');
const aina = twoMasterSalon(w, 'Салон «Айна»');
const { salon, api, ownerBooking, setUp } = aina;
const shown = { visit: '', offDay: '' };

/** axe's findings and the small targets of the page as it is now, one list. */
const problems = async (page: Page, where: string) => [...(await violations(page, where)), ...(await smallTargets(page, where))];

/** A visit of a haircut by each of `masters` in turn, entered by the salon's owner; its id. */
async function visit(at: ReturnType<typeof twoMasterSalon>, masters: number[], date: string, time: string, first_name: string) {
  const made = await at.api('POST', '/visits', {
    items: masters.map((master_id) => ({ service_id: at.salon.service, master_id })),
    date,
    time,
    first_name,
    phone: `+7701555${String(Math.floor(1000 + Math.random() * 8999))}`,
  });
  expect(made.statusCode, made.body).toBe(201);
  return (made.data as { id: string }).id;
}

beforeAll(async () => {
  await setUp();
  // two that overlap by half an hour, and a visit across both masters
  await ownerBooking(salon.aigerim, TUESDAY, '11:00', 'Мария');
  await ownerBooking(salon.aigerim, TUESDAY, '11:30', 'Жанна');
  shown.visit = await visit(aina, [salon.aigerim, salon.dana], TUESDAY, '14:00', 'Гаухар');
  // Дана's booking on Thursday, then Thursday made her day off
  shown.offDay = (await ownerBooking(salon.dana, THURSDAY, '11:00', 'Асель')).id;
  const week = (await api('POST', `/schedule/master/${salon.dana}`)).data as Array<{ id: number; day_of_week: number }>;
  const thursday = week.find((row) => row.day_of_week === 3)!;
  expect((await api('PUT', `/schedule/${thursday.id}`, { is_active: false })).statusCode).toBe(200);
});

describe('the owner’s week', () => {
  for (const viewport of [PHONE, LAPTOP]) {
    it(`${viewport.width}: overlapping bookings and a visit's linked items`, async () => {
      const page = await browser.open(viewport, salon.token);
      const master = viewport === PHONE ? `&master=${salon.aigerim}` : '';
      await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=${TUESDAY}${master}`);
      const tuesday = page.locator(`.cal-body[data-date="${TUESDAY}"] .cal-booking`);
      await expect.poll(() => tuesday.count()).toBe(viewport === PHONE ? 3 : 4);
      await page.locator(`.cal-booking[data-visit="${shown.visit}"] .visit-hint`).first().waitFor();
      expect(await problems(page, `week ${viewport.width}`)).toEqual([]);
      // axe's "needs review" aria-prohibited-attr: a name on a div of no role is one no screen reader reads
      expect(await page.getByRole('group', { name: 'Обозначения' }).count()).toBe(1);
    });
  }

  it('1280: a week of three masters, as the list', async () => {
    const trio = twoMasterSalon(w, 'Салон «Үшеу»');
    await trio.setUp();
    const saule = (await trio.api('POST', '/masters', { name: 'Сауле', service_ids: [trio.salon.service] })).data.id as number;
    await trio.ownerBooking(trio.salon.aigerim, TUESDAY, '11:00', 'Айдана');
    await trio.ownerBooking(trio.salon.aigerim, TUESDAY, '11:30', 'Бекзат');
    await trio.ownerBooking(saule, TUESDAY, '11:00', 'Камила');
    const visitId = await visit(trio, [trio.salon.dana, saule], TUESDAY, '15:00', 'Тимур');
    const page = await browser.open(LAPTOP, trio.salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=${TUESDAY}`);
    const list = page.getByTestId('day-list');
    await expect.poll(() => list.locator(`section[data-date="${TUESDAY}"] .day-item`).count()).toBe(5);
    const items = list.locator(`.day-item[data-visit="${visitId}"]`);
    expect(await items.count()).toBe(2);
    await items.first().scrollIntoViewIfNeeded(); // axe reads the colours of what is in view
    expect(await problems(page, 'week of three 1280')).toEqual([]);
  });
});

describe('the bookings page', () => {
  for (const viewport of [PHONE, LAPTOP]) {
    it(`${viewport.width}: a visit as one line, whole and narrowed to a master`, async () => {
      const page = await browser.open(viewport, salon.token);
      await page.goto(`${w.baseUrl}/admin/bookings`);
      const line = page.locator(`tr[data-visit="${shown.visit}"]`);
      await expect.poll(() => line.innerText()).toContain('визит · 2 услуги');
      const found = await problems(page, `bookings ${viewport.width}`);
      await page.locator('select[name="master_id"]').selectOption(String(salon.dana));
      await expect.poll(() => line.innerText()).toContain('визит · в списке: 1');
      found.push(...(await problems(page, `bookings of Дана ${viewport.width}`)));
      expect(found).toEqual([]);
    });
  }
});

describe("the move dialog of a booking on its master's day off", () => {
  for (const viewport of [PHONE, LAPTOP]) {
    it(`${viewport.width}: the master's day off, said in words`, async () => {
      const page = await browser.open(viewport, salon.token);
      await page.goto(`${w.baseUrl}/admin/calendar?date=${THURSDAY}&master=${salon.dana}`);
      const block = page.locator(`.cal-booking[data-booking="${shown.offDay}"]`);
      if (viewport === PHONE) await block.tap();
      else await block.click();
      const detail = page.getByRole('dialog', { name: 'Запись' });
      await detail.getByRole('button', { name: 'Перенести' }).click();
      await detail.getByText(/не работает в этот день/).scrollIntoViewIfNeeded();
      expect(await problems(page, `move on a day off ${viewport.width}`)).toEqual([]);
    });
  }
});

describe('the booking page', () => {
  it('360: "any master" whose master was taken meanwhile: the notice of who is free, at what price', async () => {
    const shop = twoMasterSalon(w, 'Салон «Баға»');
    await shop.setUp();
    const own = await shop.api('PUT', `/masters/${shop.salon.dana}/services/${shop.salon.service}`, { price: 9000, duration: 60 });
    expect(own.statusCode, own.body).toBeLessThan(300);
    const slug = (await shop.api('GET', '/business')).data.slug as string;
    const page = await browser.open(PHONE);
    await page.goto(`${w.baseUrl}/${slug}`);
    await page.locator(`[data-service="${shop.salon.service}"]`).click();
    await page.locator('[data-master="any"]').click();
    await page.locator(`[data-date="${TUESDAY}"]`).click();
    await page.locator('[data-time="16:00"]').click();
    await page.locator('input[name="first_name"]').fill('Айжан');
    await page.locator('input[name="phone"]').fill('8 701 555 44 36');
    await expect.poll(() => page.locator('.picked [data-fact="master"]').textContent()).toBe('Айгерим');
    await shop.ownerBooking(shop.salon.aigerim, TUESDAY, '16:00', 'Ерлан');
    await page.locator('button.confirm').click();
    await expect.poll(() => page.getByTestId('price-changed').textContent()).toContain('Свободен мастер Дана');
    expect(await problems(page, 'price changed, any master')).toEqual([]);
  });
});
