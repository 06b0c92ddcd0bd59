/**
 * A visit of several services in /admin (CONTRACT.md §20, issue #52 item 5) against the real server: its items
 * drawn as one linked group in the day and the week views (one colour, "визит · 2 услуги", across the masters'
 * columns); any item opens the visit card (the items, the total, one status, `mixed` said plainly); confirm
 * confirms every booking; the move offers the server's times of the whole visit (one GET
 * /visits/{id}/free-times) and moves every item; the owner enters a two-service visit from "+ Новая запись"
 * at 360 px (an overlap asked first, strict slots refused outright); the client card and the bookings page show a
 * visit as one line (the page's line opens the visit; narrowed to a master, it counts the items in the list).
 * axe-core finds nothing serious. Screenshots test-results/visits-*.png.
 * The test clock: Monday 2026-11-23 10:00 Almaty; the business works 09:00-18:00, break 13:00-14:00.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { createMaster, createService } from '../helpers/catalog.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { apiRequests, DAY, LAPTOP, usePanelBrowser } from './admin-helpers.js';
import { violations } from './axe.js';

const PHONE = { width: 360, height: 740 };
const TUESDAY = '2026-11-24';
const w = useWebTest();
const browser = usePanelBrowser(w, 'visits', 'admin_token');
const salon = { owner: undefined as unknown as RegisteredBusiness, cut: 0, beard: 0, erlan: 0, daniyar: 0 };

type Visit = { id: string; status: string; bookings: Array<{ id: string; status: string; start_at: string; master: { id: number } }> };

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, token = salon.owner.token) =>
  w.call({ method, url: `/api/v1${url}`, payload, token });

/** A client's visit from the booking page (pending): a cut by Ерлан, then a beard by Данияр. */
async function publicVisit(time: string, first_name: string, phone: string, date = DAY): Promise<Visit> {
  const made = await w.call({
    method: 'POST',
    url: `/api/v1/public/${salon.owner.business.slug}/visits`,
    payload: {
      items: [
        { service_id: salon.cut, master_id: salon.erlan },
        { service_id: salon.beard, master_id: salon.daniyar },
      ],
      date,
      time,
      first_name,
      phone,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.data as Visit;
}

const visitNow = async (id: string) => (await api('GET', `/visits/${id}`)).data as Visit;

/** The visit's blocks on the page: their master column, colour class and lines. */
const blocksOf = (page: Page, visitId: string) =>
  page.locator(`.cal-booking[data-visit="${visitId}"]`).evaluateAll((blocks) =>
    blocks.map((block) => ({
      master: Number(block.closest<HTMLElement>('.cal-body')!.dataset.masterId),
      colour: Array.from(block.classList).find((name) => name.startsWith('visit-c')),
      hint: block.querySelector('.visit-hint')?.textContent,
      marker: getComputedStyle(block).borderLeftWidth,
    })),
  );

beforeAll(async () => {
  salon.owner = await registerBusiness(w, { business_name: 'Барбершоп «Визит»', service: { name: 'Стрижка', duration: 60, price: 8000 } });
  salon.cut = salon.owner.service.id;
  salon.beard = (await createService(w, salon.owner, { name: 'Борода', duration: 30, price: 4000 })).id;
  salon.erlan = (await createMaster(w, salon.owner, 'Ерлан', [salon.cut, salon.beard])).id;
  salon.daniyar = (await createMaster(w, salon.owner, 'Данияр', [salon.cut, salon.beard])).id;
});

describe('a visit in the calendar and its card', () => {
  it('1280: one linked group in the day and the week views; its card lists the items with one status; confirm confirms all', async () => {
    const visit = await publicVisit('11:00', 'Асель', '+7 701 555 10 10');
    const single = await api('POST', '/bookings', {
      service_id: salon.cut,
      master_id: salon.erlan,
      date: DAY,
      time: '15:00',
      first_name: 'Тимур',
      phone: '+7 701 555 10 11',
    });
    expect(single.statusCode, single.body).toBe(201);
    const page = await browser.open(LAPTOP, salon.owner.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    await page.locator(`.cal-booking[data-visit="${visit.id}"]`).first().waitFor();
    const day = await blocksOf(page, visit.id);
    expect(day.map((b) => b.master)).toEqual([salon.erlan, salon.daniyar]);
    expect(new Set(day.map((b) => b.colour)).size).toBe(1);
    expect(day[0]!.colour).toMatch(/^visit-c\d$/);
    expect(day.map((b) => b.hint)).toEqual(['визит · 2 услуги', 'визит · 2 услуги']);
    expect(day.map((b) => b.marker)).toEqual(['6px', '6px']);
    // A single booking is drawn as before: no visit mark, no hint.
    const alone = page.locator(`.cal-booking[data-booking="${(single.data as { id: string }).id}"]`);
    expect(await alone.getAttribute('class')).not.toContain('in-visit');
    expect(await alone.locator('.visit-hint').count()).toBe(0);
    expect(await violations(page, 'day view')).toEqual([]);
    await screenshot(page, 'visits-day-1280');

    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=${DAY}`);
    await page.locator(`.cal-booking[data-visit="${visit.id}"]`).first().waitFor();
    const week = await blocksOf(page, visit.id);
    expect(week.map((b) => b.master)).toEqual([salon.erlan, salon.daniyar]);
    expect(new Set(week.map((b) => b.colour)).size).toBe(1);
    expect(week.map((b) => b.hint)).toEqual(['визит · 2 услуги', 'визит · 2 услуги']);
    await screenshot(page, 'visits-week-1280');

    // Any item opens the visit card: the second one here.
    await page.locator(`.cal-booking[data-booking="${visit.bookings[1]!.id}"]`).click();
    const card = page.getByRole('dialog', { name: 'Визит' });
    const items = card.getByTestId('visit-items');
    await items.waitFor();
    expect(await items.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.split('\t')))).toEqual([
      ['11:00–12:00', 'Стрижка\nЕрлан', '8\u202f000\u00a0₸'],
      ['12:00–12:30', 'Борода\nДанияр', '4\u202f000\u00a0₸'],
    ]);
    expect(await card.getByTestId('visit-total').textContent()).toBe('12\u202f000\u00a0₸');
    expect(await card.getByTestId('visit-status').textContent()).toBe('Ожидает');
    expect(await violations(page, 'visit card')).toEqual([]);
    await screenshot(page, 'visits-card-1280');
    await card.getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => card.getByTestId('visit-status').textContent()).toBe('Подтверждена');
    const confirmed = await visitNow(visit.id);
    expect([confirmed.status, ...confirmed.bookings.map((b) => b.status)]).toEqual(['confirmed', 'confirmed', 'confirmed']);
  });

  it('1280: the move offers the times of the whole visit and moves every item; one item changed alone shows "mixed"; cancel and delete act on all', async () => {
    const visit = await publicVisit('09:00', 'Дина', '+7 701 555 20 20', TUESDAY);
    // Данияр is busy 16:00-17:00: a visit from 15:00 would put his beard at 16:00, so 15:00 is not offered.
    const busy = await api('POST', '/bookings', {
      service_id: salon.cut,
      master_id: salon.daniyar,
      date: TUESDAY,
      time: '16:00',
      first_name: 'Алия',
      phone: '+7 701 555 20 21',
    });
    expect(busy.statusCode, busy.body).toBe(201);
    const page = await browser.open(LAPTOP, salon.owner.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${TUESDAY}`);
    await page.locator(`.cal-booking[data-booking="${visit.bookings[0]!.id}"]`).click();
    const card = page.getByRole('dialog', { name: 'Визит' });
    await card.getByTestId('visit-items').waitFor();
    const asked = apiRequests(page);
    await card.getByRole('button', { name: 'Перенести визит' }).click();
    const times = card.getByRole('group', { name: 'Свободное время визита' });
    await times.getByRole('button', { name: '14:00' }).waitFor();
    const offered = await times.getByRole('button').allTextContents();
    // The server's times for the whole visit (the bot's rule), asked once; no schedule, bookings or time off read in the browser.
    expect(offered).toEqual((await api('GET', `/visits/${visit.id}/free-times?date=${TUESDAY}`)).data[0].times);
    expect(asked.filter((line) => /free-times/.test(line))).toEqual([`GET /visits/${visit.id}/free-times?date=${TUESDAY}`]);
    expect(asked.filter((line) => /\/schedule|\/time-off|\/services|GET \/bookings\?/.test(line))).toEqual([]);
    expect(offered).not.toContain('15:00');
    expect(offered).not.toContain('15:30');
    expect(offered).not.toContain('12:30'); // the cut would run into the break
    expect(offered).toContain('16:30');
    await screenshot(page, 'visits-move-1280');
    await times.getByRole('button', { name: '14:00' }).click();
    await card.getByRole('button', { name: 'Перенести', exact: true }).click();
    await card.getByTestId('visit-move-question').getByRole('button', { name: 'Да, перенести' }).click();
    await expect.poll(() => card.getByTestId('visit-when').textContent()).toContain('14:00–15:30');
    const moved = await visitNow(visit.id);
    expect(moved.bookings.map((b) => [b.master.id, b.start_at])).toEqual([
      [salon.erlan, `${TUESDAY}T14:00:00`],
      [salon.daniyar, `${TUESDAY}T15:00:00`],
    ]);

    // One item cancelled alone: the visit's one status says so plainly.
    expect((await api('PATCH', `/bookings/${visit.bookings[1]!.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    await expect.poll(() => card.getByTestId('visit-status').textContent()).toBe('Разный: одну из услуг меняли отдельно');
    await card.getByRole('button', { name: 'Отменить весь визит' }).click();
    await card.getByRole('button', { name: 'Да, отменить визит' }).click();
    await expect.poll(() => card.getByTestId('visit-status').textContent()).toBe('Отменена');
    expect((await visitNow(visit.id)).bookings.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
    // Deleting deletes every item.
    await card.getByRole('button', { name: 'Удалить визит' }).click();
    await card.getByRole('button', { name: 'Да, удалить' }).click();
    await card.waitFor({ state: 'detached' });
    expect((await api('GET', `/visits/${visit.id}`)).statusCode).toBe(404);
    for (const item of visit.bookings) expect((await api('GET', `/bookings/${item.id}`)).statusCode).toBe(404);
  });

  it('360: the day list links the items; the visit card fits; the client card shows one line; "Записать снова" repeats the visit', async () => {
    const visit = await publicVisit('16:30', 'Гаухар', '+7 701 555 30 30');
    const page = await browser.open(PHONE, salon.owner.token);
    // "Все мастера" on a phone lists the day: the visit's lines are linked the same way.
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}&master=all`);
    const lines = page.locator(`.day-item[data-visit="${visit.id}"]`);
    await lines.first().waitFor();
    expect(await lines.locator('.visit-hint').allTextContents()).toEqual(['визит · 2 услуги', 'визит · 2 услуги']);
    expect(new Set(await lines.evaluateAll((items) => items.map((item) => getComputedStyle(item).borderLeftColor))).size).toBe(1);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}&master=${salon.erlan}`);
    await page.locator(`.cal-booking[data-booking="${visit.bookings[0]!.id}"]`).tap();
    const card = page.getByRole('dialog', { name: 'Визит' });
    await card.getByTestId('visit-items').waitFor();
    await screenshot(page, 'visits-card-360');
    expect(await card.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await violations(page, 'visit card 360')).toEqual([]);
    await card.getByRole('button', { name: 'Открыть карточку клиента Гаухар' }).tap();
    const history = page.getByTestId('client-history');
    await history.waitFor();
    const rows = history.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-visit')).toBe(visit.id);
    const text = await rows.first().innerText();
    expect(text).toContain('16:30 Стрижка · Ерлан');
    expect(text).toContain('17:30 Борода · Данияр');
    expect(text).toContain('12\u202f000\u00a0₸');
    expect(text).toContain('визит · 2 услуги');
    expect(await violations(page, 'client card')).toEqual([]);
    await screenshot(page, 'visits-client-card-360');

    await page.getByRole('button', { name: 'Записать снова' }).tap();
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    await expect.poll(() => form.locator('select[name="service_id"] option:checked').textContent()).toBe('Стрижка (60′)');
    expect(await form.locator('select[name="master_id"] option:checked').textContent()).toBe('Ерлан');
    expect(await form.getByLabel('Мастер 2').locator('option:checked').textContent()).toBe('Данияр');
    expect(await form.getByLabel('Услуга 2').locator('option:checked').textContent()).toBe('Борода (30′)');
    await expect.poll(() => form.getByTestId('visit-total').textContent()).toBe('Весь визит: 1\u00a0ч 30\u00a0мин · 12\u202f000\u00a0₸');
  });
});

describe('the owner enters a visit', () => {
  /** "+ Новая запись" on the 360 px calendar, the client typed key by key, then a second service by Данияр. */
  async function fillVisit(page: Page, date: string, time: string, name: string, phone: string) {
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    await page.getByRole('button', { name: '+ Новая запись' }).tap();
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    await form.getByLabel('Имя клиента').pressSequentially(name);
    await form.getByLabel('Телефон клиента').pressSequentially(phone);
    await form.locator('select[name="master_id"]').selectOption({ label: 'Ерлан' });
    await form.locator('select[name="service_id"]').selectOption({ label: 'Стрижка (60′)' });
    await form.getByRole('button', { name: '+ ещё услуга' }).tap();
    await form.getByLabel('Мастер 2').selectOption({ label: 'Данияр' });
    await form.getByLabel('Услуга 2').selectOption({ label: 'Борода (30′)' });
    await form.getByLabel('Дата').fill(date);
    await form.getByLabel('Время').fill(time);
    return form;
  }

  it('360: "+ Новая запись" with two services makes one visit, the total shown first', async () => {
    const page = await browser.open(PHONE, salon.owner.token);
    const form = await fillVisit(page, TUESDAY, '11:00', 'Ержан', '8 702 123 45 67');
    await expect.poll(() => form.getByTestId('visit-total').textContent()).toBe('Весь визит: 1\u00a0ч 30\u00a0мин · 12\u202f000\u00a0₸');
    expect(await violations(page, 'new visit')).toEqual([]);
    await screenshot(page, 'visits-new-360');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(PHONE.width);
    await form.getByRole('button', { name: 'Записать' }).tap();
    await form.waitFor({ state: 'detached' });
    const made = (
      (await api('GET', `/bookings?date=${TUESDAY}`)).data as Array<
        Visit['bookings'][number] & { visit_id: string | null; client: { first_name: string } }
      >
    ).filter((b) => b.client.first_name === 'Ержан');
    expect(made.map((b) => [b.master.id, b.start_at, b.status])).toEqual([
      [salon.erlan, `${TUESDAY}T11:00:00`, 'confirmed'],
      [salon.daniyar, `${TUESDAY}T12:00:00`, 'confirmed'],
    ]);
    expect(made[0]!.visit_id).toBeTruthy();
    expect(made[1]!.visit_id).toBe(made[0]!.visit_id);
  });

  it('360: an item on top of a booking asks "Данияр занят 16:00–17:00 (Алия). Записать всё равно?" first, then books with force', async () => {
    const owner = await registerBusiness(w, { service: { name: 'Стрижка', duration: 60, price: 8000 } });
    const beard = (await createService(w, owner, { name: 'Борода', duration: 30, price: 4000 })).id;
    await createMaster(w, owner, 'Ерлан', [owner.service.id, beard]);
    const daniyar = (await createMaster(w, owner, 'Данияр', [owner.service.id, beard])).id;
    const busy = await api(
      'POST',
      '/bookings',
      { service_id: owner.service.id, master_id: daniyar, date: DAY, time: '16:00', first_name: 'Алия', phone: '+7 701 555 40 40' },
      owner.token,
    );
    expect(busy.statusCode, busy.body).toBe(201);
    const page = await browser.open(PHONE, owner.token);
    const form = await fillVisit(page, DAY, '15:00', 'Тимур', '8 702 555 66 77');
    await form.getByRole('button', { name: 'Записать' }).tap();
    const clash = form.getByTestId('booking-clash');
    await expect.poll(() => clash.textContent()).toBe('Данияр занят 16:00–17:00 (Алия). Записать всё равно?');
    expect(((await api('GET', `/bookings?date=${DAY}`, undefined, owner.token)).data as unknown[]).length).toBe(1);
    await form.getByRole('button', { name: 'Записать всё равно' }).tap();
    await form.waitFor({ state: 'detached' });
    const day = (await api('GET', `/bookings?date=${DAY}`, undefined, owner.token)).data as Array<{ visit_id: string | null }>;
    expect(day.filter((b) => b.visit_id)).toHaveLength(2);
  });

  it('360: with strict slots the overlap is refused outright, with no question', async () => {
    const owner = await registerBusiness(w, { service: { name: 'Стрижка', duration: 60, price: 8000 } });
    const beard = (await createService(w, owner, { name: 'Борода', duration: 30, price: 4000 })).id;
    await createMaster(w, owner, 'Ерлан', [owner.service.id, beard]);
    const daniyar = (await createMaster(w, owner, 'Данияр', [owner.service.id, beard])).id;
    expect((await api('PUT', '/business', { strict_slots: true }, owner.token)).statusCode).toBe(200);
    const busy = await api(
      'POST',
      '/bookings',
      { service_id: owner.service.id, master_id: daniyar, date: DAY, time: '11:00', first_name: 'Асель', phone: '+7 701 555 50 50' },
      owner.token,
    );
    expect(busy.statusCode, busy.body).toBe(201);
    const page = await browser.open(PHONE, owner.token);
    const form = await fillVisit(page, DAY, '10:30', 'Тимур', '8 702 555 66 78');
    await form.getByRole('button', { name: 'Записать' }).tap();
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe('Это время у мастера уже занято. Выберите другое.');
    expect(await form.getByTestId('booking-clash').count()).toBe(0);
    expect(((await api('GET', `/bookings?date=${DAY}`, undefined, owner.token)).data as unknown[]).length).toBe(1);
  });
});

describe('the bookings page', () => {
  it('360 and 1280: a visit of two services is one line naming both that opens the visit; a single booking keeps its own line', async () => {
    const owner = await registerBusiness(w, { service: { name: 'Стрижка', duration: 60, price: 8000 } });
    const beard = (await createService(w, owner, { name: 'Борода', duration: 30, price: 4000 })).id;
    const erlan = (await createMaster(w, owner, 'Ерлан', [owner.service.id, beard])).id;
    const daniyar = (await createMaster(w, owner, 'Данияр', [owner.service.id, beard])).id;
    const items = [
      { service_id: owner.service.id, master_id: erlan },
      { service_id: beard, master_id: daniyar },
    ];
    const client = { date: TUESDAY, time: '11:00', first_name: 'Гаухар', phone: '+7 701 555 60 60' };
    const visit = await api('POST', '/visits', { items, ...client }, owner.token);
    expect(visit.statusCode, visit.body).toBe(201);
    const single = {
      service_id: owner.service.id,
      master_id: erlan,
      date: TUESDAY,
      time: '15:00',
      first_name: 'Алия',
      phone: '+7 701 555 61 61',
    };
    expect((await api('POST', '/bookings', single, owner.token)).statusCode).toBe(201);

    for (const [viewport, size] of [
      [PHONE, 360],
      [LAPTOP, 1280],
    ] as const) {
      const page = await browser.open(viewport, owner.token);
      await page.goto(`${w.baseUrl}/admin/bookings`);
      const rows = page.locator('.table-wrap tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      const line = page.locator(`tr[data-visit="${(visit.data as Visit).id}"]`);
      const text = await line.innerText();
      for (const part of ['11:00 Стрижка · Ерлан', '12:00 Борода · Данияр', '12\u202f000\u00a0₸', 'визит · 2 услуги', 'Гаухар'])
        expect(text).toContain(part);
      const alone = rows.filter({ hasText: 'Алия' });
      expect(await alone.getAttribute('data-visit')).toBeNull();
      expect(await alone.innerText()).toContain('Стрижка');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await violations(page, `bookings ${size}`)).toEqual([]);
      await screenshot(page, `visits-bookings-${size}`);

      await line.getByRole('button', { name: 'вт, 24 нояб., 11:00' }).click();
      const card = page.getByRole('dialog', { name: 'Визит' });
      await expect.poll(() => card.getByTestId('visit-items').locator('tbody tr').count()).toBe(2);
      await card.getByRole('button', { name: 'Закрыть' }).first().click();
      await card.waitFor({ state: 'detached' });
    }

    // Narrowed to Данияр, the list holds one item of the visit: its line says so, not "2 услуги".
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/bookings`);
    await page.locator('select[name="master_id"]').selectOption(String(daniyar));
    const rows = page.locator('.table-wrap tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain('визит · в списке: 1');
    expect(await rows.first().innerText()).not.toContain('Ерлан');
  });
});
