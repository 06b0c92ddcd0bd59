/**
 * The owner's "+ Новая запись" in closed time (CONTRACT.md §21: without if_free the API books any time, so the
 * panel asks first, as for an overlap, decision 0076): a salon holiday and a master's hours off ask
 * "Ерлан не работает 16 декабря 15:00–16:00: День Независимости. Записать всё равно?" and book on the second
 * press; another time or master asks again from the start; a visit asks about its item in closed time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { DAY, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const HOLIDAY = '2026-12-16';
const TUESDAY = '2026-11-24';
const w = useWebTest();
const browser = usePanelBrowser(w, 'walk-in-closed', 'admin_token');
const salon = { token: '', haircut: 0, erlan: 0, daniyar: 0 };

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  w.call({ method, url: `/api/v1${url}`, payload, token: salon.token });

/** The first names of the clients booked on `date`. */
const bookedOn = async (date: string) =>
  ((await api('GET', `/bookings?date=${date}`)).data as Array<{ client: { first_name: string } }>).map((b) => b.client.first_name);

/** "+ Новая запись" on the 360 px calendar, the client typed in, the master, date and time chosen: the dialog. */
async function walkIn(page: Page, client: { name: string; phone: string }, master: string, date: string, time: string) {
  await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
  await page.getByRole('button', { name: '+ Новая запись' }).click();
  const form = page.getByRole('dialog', { name: 'Новая запись' });
  await form.getByLabel('Имя клиента').fill(client.name);
  await form.getByLabel('Телефон клиента').fill(client.phone);
  await form.locator('select[name="master_id"]').selectOption({ label: master });
  await form.getByLabel('Дата').fill(date);
  await form.getByLabel('Время').fill(time);
  return form;
}

beforeAll(async () => {
  const owner = await registerBusiness(w, { business_name: 'Барбершоп «Бек»', service: { name: 'Стрижка', duration: 60, price: 8000 } });
  salon.token = owner.token;
  salon.haircut = owner.service.id;
  salon.erlan = (await api('POST', '/masters', { name: 'Ерлан', service_ids: [salon.haircut] })).data.id;
  salon.daniyar = (await api('POST', '/masters', { name: 'Данияр', service_ids: [salon.haircut] })).data.id;
  const holiday = await api('POST', '/time-off', { master_id: null, date_from: HOLIDAY, date_to: HOLIDAY, note: 'День Независимости' });
  expect(holiday.statusCode, holiday.body).toBe(201);
  const doctor = await api('POST', '/time-off', {
    master_id: salon.daniyar,
    date_from: TUESDAY,
    date_to: TUESDAY,
    start_time: '12:00',
    end_time: '14:00',
    note: 'Врач',
  });
  expect(doctor.statusCode, doctor.body).toBe(201);
});

describe('a walk-in in closed time asks first', () => {
  it('360: on the salon holiday, "Ерлан не работает 16 декабря 15:00–16:00: День Независимости. Записать всё равно?"', async () => {
    const page = await browser.open(PHONE, salon.token);
    const form = await walkIn(page, { name: 'Тимур', phone: '8 702 555 66 81' }, 'Ерлан', HOLIDAY, '15:00');
    await form.getByRole('button', { name: 'Записать' }).click();
    const closed = form.getByTestId('booking-closed');
    await expect
      .poll(() => closed.textContent({ timeout: 5000 }))
      .toBe('Ерлан не работает 16 декабря 15:00–16:00: День Независимости. Записать всё равно?');
    await screenshot(page, 'walk-in-closed-holiday-360');
    expect(await bookedOn(HOLIDAY)).toEqual([]); // nothing saved before the answer
    // Another time is asked again from the start; the second press books all the same.
    await form.getByLabel('Время').fill('16:00');
    expect(await closed.count()).toBe(0);
    await form.getByRole('button', { name: 'Записать' }).click();
    await expect
      .poll(() => closed.textContent({ timeout: 5000 }))
      .toBe('Ерлан не работает 16 декабря 16:00–17:00: День Независимости. Записать всё равно?');
    await form.getByRole('button', { name: 'Записать всё равно' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await bookedOn(HOLIDAY)).toEqual(['Тимур']);
  });

  it("360: in the master's hours off, only the closed part is named; another master books at once", async () => {
    const page = await browser.open(PHONE, salon.token);
    const form = await walkIn(page, { name: 'Асем', phone: '8 702 555 66 82' }, 'Данияр', TUESDAY, '11:30');
    await form.getByRole('button', { name: 'Записать' }).click();
    const closed = form.getByTestId('booking-closed');
    await expect
      .poll(() => closed.textContent({ timeout: 5000 }))
      .toBe('Данияр не работает 24 ноября 12:00–12:30: Врач. Записать всё равно?');
    expect(await bookedOn(TUESDAY)).toEqual([]);
    await form.locator('select[name="master_id"]').selectOption({ label: 'Ерлан' });
    expect(await closed.count()).toBe(0);
    await form.getByRole('button', { name: 'Записать' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await bookedOn(TUESDAY)).toEqual(['Асем']);
  });

  it("360: a visit whose second item falls in its master's hours off asks about that item, then books on the second press", async () => {
    const page = await browser.open(PHONE, salon.token);
    const form = await walkIn(page, { name: 'Ержан', phone: '8 702 555 66 83' }, 'Ерлан', TUESDAY, '15:00');
    await form.getByRole('button', { name: '+ ещё услуга' }).click();
    await form.getByLabel('Мастер 2').selectOption({ label: 'Данияр' });
    await form.getByLabel('Время').fill('10:30');
    await form.getByRole('button', { name: 'Записать' }).click();
    const closed = form.getByTestId('booking-closed');
    await expect
      .poll(() => closed.textContent({ timeout: 5000 }))
      .toBe('Данияр не работает 24 ноября 12:00–12:30: Врач. Записать всё равно?');
    expect(await bookedOn(TUESDAY)).not.toContain('Ержан');
    await form.getByRole('button', { name: 'Записать всё равно' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await bookedOn(TUESDAY)).filter((name) => name === 'Ержан')).toHaveLength(2);
  });
});
