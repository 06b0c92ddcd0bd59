/**
 * Moving one booking in /admin (CONTRACT.md §12, §19; issue #50): the move dialog's free times are the
 * server's (GET /bookings/{id}/free-times, the bot's rule), not computed in the browser; a drag on the
 * calendar drops only onto a master who does the booking's service (another master's column is marked
 * while dragging and a drop there is refused on the spot, with no request), and the API's
 * master_not_for_service is shown when the page's list is out of date. At 360 and 1280 px, axe clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { apiRequests, DAY, LAPTOP, usePanelBrowser } from './admin-helpers.js';
import { violations } from './axe.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'admin-move', 'admin_token');
const salon = { token: '', haircut: 0, erlan: 0, daniyar: 0, saule: 0 };

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.call({ method, url: `/api/v1${url}`, payload, token: salon.token });

async function ownerBooking(master: number, time: string, first_name: string, phone: string) {
  const made = await api('POST', '/bookings', { service_id: salon.haircut, master_id: master, date: DAY, time, first_name, phone });
  expect(made.statusCode, made.body).toBe(201);
  return made.data as { id: string };
}

const serverTimes = async (id: string, master: number): Promise<string[]> =>
  (await api('GET', `/bookings/${id}/free-times?date=${DAY}&master_id=${master}`)).data[0].times;

beforeAll(async () => {
  const owner = await registerBusiness(w, { business_name: 'Салон «Көктем»', service: { name: 'Стрижка', duration: 60, price: 8000 } });
  salon.token = owner.token;
  salon.haircut = owner.service.id;
  salon.erlan = (await api('POST', '/masters', { name: 'Ерлан', service_ids: [salon.haircut] })).data.id;
  salon.daniyar = (await api('POST', '/masters', { name: 'Данияр', service_ids: [salon.haircut] })).data.id;
  // Сауле does not cut hair: neither the move dialog nor a drag may put a haircut on her.
  salon.saule = (await api('POST', '/masters', { name: 'Сауле', service_ids: [] })).data.id;
  expect((await api('PUT', `/masters/${salon.daniyar}/services/${salon.haircut}`, { price: 9000, duration: 45 })).statusCode).toBe(200);
  expect((await api('PUT', `/services/${salon.haircut}`, { buffer_after: 15 })).statusCode).toBe(200);
});

describe('the move dialog asks the server for its times', () => {
  for (const viewport of [PHONE, LAPTOP]) {
    it(`${viewport.width}: the times are the API's for the master chosen, with no schedule or time off read in the browser`, async () => {
      const booked = await ownerBooking(salon.erlan, viewport.width === 360 ? '11:00' : '16:00', 'Асель', '+7 701 222 33 44');
      const page = await browser.open(viewport, salon.token);
      await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
      const block = page.locator(`.cal-booking[data-booking="${booked.id}"]`);
      if (viewport.width === 360) await block.tap();
      else await block.click();
      const detail = page.getByRole('dialog', { name: 'Запись' });
      const asked = apiRequests(page);
      await detail.getByRole('button', { name: 'Перенести' }).click();
      const times = detail.getByRole('group', { name: 'Свободное время' });
      const expected = await serverTimes(booked.id, salon.erlan);
      expect(expected.length).toBeGreaterThan(5);
      await expect.poll(() => times.getByRole('button').allTextContents()).toEqual(expected);
      const choice = detail.locator('select[name="move_master"]');
      await expect.poll(() => choice.locator('option').allTextContents()).toEqual(['Ерлан', 'Данияр']);
      await choice.selectOption({ label: 'Данияр' });
      const hisTimes = await serverTimes(booked.id, salon.daniyar);
      await expect.poll(() => times.getByRole('button').allTextContents()).toEqual(hisTimes);
      expect(hisTimes).not.toEqual(expected); // 45 minutes of his own, no booking of Ерлан's in the way
      expect(asked.filter((line) => /free-times/.test(line))).toEqual([
        `GET /bookings/${booked.id}/free-times?date=${DAY}&master_id=${salon.erlan}`,
        `GET /bookings/${booked.id}/free-times?date=${DAY}&master_id=${salon.daniyar}`,
      ]);
      expect(asked.filter((line) => /\/schedule|\/time-off|GET \/bookings\?/.test(line))).toEqual([]);
      await screenshot(page, `admin-move-dialog-${viewport.width}`);
      expect(await violations(page, `move dialog ${viewport.width}`)).toEqual([]);
      await times.getByRole('button', { name: hisTimes[0]! }).click();
      await detail.getByRole('button', { name: 'Перенести', exact: true }).click();
      await detail.getByTestId('move-question').getByRole('button', { name: 'Да, перенести' }).click();
      await detail.getByTestId('booking-master').getByText('Данияр').waitFor();
      expect((await api('GET', `/bookings/${booked.id}`)).data).toMatchObject({
        start_at: `${DAY}T${hisTimes[0]}:00`,
        master: { id: salon.daniyar },
      });
    });
  }

  it('360: one master at a time, so a drag has no other master to drop on; the move offers only those who do the service', async () => {
    const page = await browser.open(PHONE, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    await page.locator('.cal-col').first().waitFor();
    expect(await page.locator('.cal-col').count()).toBe(1);
  });
});

/** The grid draws 09:00-18:00 at 1.2 px a minute in the day view. */
const yOf = (hm: string) => (Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3)) - 9 * 60) * 1.2;
const column = (page: Page, master: number) => page.locator(`.cal-body[data-master-id="${master}"][data-date="${DAY}"]`);

/** Presses the booking's block and moves the mouse over `master`'s column at `time`; `drop` lets go. */
async function dragTo(page: Page, bookingId: string, master: number, time: string) {
  const block = page.locator(`.cal-booking[data-booking="${bookingId}"]`);
  await block.waitFor();
  await block.scrollIntoViewIfNeeded();
  const from = (await block.boundingBox())!;
  const target = (await column(page, master).boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y + 40, { steps: 4 });
  await page.mouse.move(target.x + 30, target.y + yOf(time) + 5, { steps: 8 });
  return { drop: () => page.mouse.up() };
}

describe('a drag on the calendar drops only onto masters who do the service', () => {
  it('1280: the column of a master who does not do it is marked while dragging; a drop there is refused with no request', async () => {
    const booked = await ownerBooking(salon.erlan, '12:00', 'Тимур', '+7 702 333 44 55');
    const page = await browser.open(LAPTOP, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    const asked = apiRequests(page);
    const drag = await dragTo(page, booked.id, salon.saule, '12:30');
    await expect.poll(() => column(page, salon.saule).getAttribute('class')).toContain('drop-refused');
    expect(await column(page, salon.daniyar).getAttribute('class')).not.toContain('drop-refused');
    expect(await column(page, salon.erlan).getAttribute('class')).not.toContain('drop-refused');
    await screenshot(page, 'admin-move-drag-refused-1280');
    await drag.drop();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Мастер Сауле не делает «Стрижка». Запись не перенесена.');
    expect(await column(page, salon.saule).getAttribute('class')).not.toContain('drop-refused');
    expect(await page.getByRole('dialog', { name: 'Перенести запись' }).count()).toBe(0);
    expect(asked.filter((line) => line.startsWith('PATCH'))).toEqual([]);
    expect(await violations(page, 'drag')).toEqual([]);
    expect((await api('GET', `/bookings/${booked.id}`)).data).toMatchObject({ start_at: `${DAY}T12:00:00`, master: { id: salon.erlan } });

    // A drop on a master who does it still asks, and the refusal line goes.
    await (await dragTo(page, booked.id, salon.daniyar, '12:30')).drop();
    const ask = page.getByRole('dialog', { name: 'Перенести запись' });
    await expect.poll(() => ask.textContent()).toContain('12:30 к мастеру Данияр');
    expect(await page.getByText('Мастер Сауле не делает').count()).toBe(0);
    await ask.getByRole('button', { name: 'Отмена' }).click();
  });

  it("1280: a master the page still thinks does it, who no longer does: the API's 400 is shown, nothing moves", async () => {
    const booked = await ownerBooking(salon.erlan, '17:00', 'Жанна', '+7 705 444 55 66');
    const page = await browser.open(LAPTOP, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    await page.locator(`.cal-booking[data-booking="${booked.id}"]`).waitFor();
    expect((await api('PUT', `/masters/${salon.daniyar}`, { service_ids: [] })).statusCode).toBe(200);
    try {
      await (await dragTo(page, booked.id, salon.daniyar, '14:00')).drop();
      const ask = page.getByRole('dialog', { name: 'Перенести запись' });
      await ask.getByRole('button', { name: 'Да, перенести' }).click();
      await expect.poll(() => ask.getByRole('alert').textContent()).toBe('Мастер Данияр не делает «Стрижка». Запись не перенесена.');
      await screenshot(page, 'admin-move-drag-api-refused-1280');
      expect((await api('GET', `/bookings/${booked.id}`)).data).toMatchObject({ start_at: `${DAY}T17:00:00`, master: { id: salon.erlan } });
    } finally {
      expect((await api('PUT', `/masters/${salon.daniyar}`, { service_ids: [salon.haircut] })).statusCode).toBe(200);
    }
  });
});

describe("the move dialog tells the master's day off from a full day", () => {
  it('360: on a Saturday and on a date closed by time off it names the master (and the note); a time can still be typed', async () => {
    const wednesday = '2026-11-25';
    const made = await api('POST', '/bookings', {
      service_id: salon.haircut,
      master_id: salon.erlan,
      date: wednesday,
      time: '10:00',
      first_name: 'Мадина',
      phone: '+7 707 555 66 77',
    });
    expect(made.statusCode, made.body).toBe(201);
    const closed = await api('POST', '/time-off', {
      master_id: salon.erlan,
      date_from: '2026-11-26',
      date_to: '2026-11-26',
      note: 'Болеет',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const page = await browser.open(PHONE, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${wednesday}`);
    await page.locator(`.cal-booking[data-booking="${made.data.id}"]`).tap();
    const detail = page.getByRole('dialog', { name: 'Запись' });
    await detail.getByRole('button', { name: 'Перенести' }).click();
    const none = detail.getByTestId('no-free-times');
    await detail.getByLabel('Новая дата').fill('2026-11-28');
    await expect.poll(() => none.textContent()).toBe('Мастер Ерлан не работает в этот день — можно ввести время вручную.');
    await detail.getByLabel('Новая дата').fill('2026-11-26');
    await expect.poll(() => none.textContent()).toBe('Мастер Ерлан не работает в этот день (Болеет) — можно ввести время вручную.');
    await screenshot(page, 'admin-move-day-off-360');
    expect(await violations(page, 'move dialog, day off, 360')).toEqual([]);
    await detail.getByLabel('Новое время').fill('12:00');
    expect(await detail.getByRole('button', { name: 'Перенести', exact: true }).isEnabled()).toBe(true);
  });
});
