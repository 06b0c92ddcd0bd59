/**
 * The owner's calendar and setup in the browser: a 30-minute booking reads as one line
 * ("10:00 Айдос", the service below) in a block tall enough at 360 px; "Все мастера" lists
 * the day; the chosen master survives a reload; a week of three masters shows one
 * at a time at 1280; "+ Новая запись" starts at the master's next free time; the
 * service form links masters; "На все дни" copies a day; a master's own week starts
 * as the salon's. Screenshots test-results/setup-*.png.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, rescheduleProposals } from '../../src/db/schema.js';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { DAY, LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'setup', 'admin_token');
const salon = { token: '', haircut: 0, bauyrzhan: 0, dana: 0, erlan: 0 };

type Row = { day_of_week: number; start_time: string; end_time: string; break_start_time: string | null; is_active: boolean };
const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  (await w.call({ method, url: `/api/v1${url}`, payload, token: salon.token })).data;

beforeAll(async () => {
  const owner = await registerBusiness(w, { business_name: 'Барбершоп «Усы»', service: { name: 'Стрижка', duration: 30, price: 5000 } });
  salon.token = owner.token;
  salon.haircut = owner.service.id;
  salon.bauyrzhan = (await api('POST', '/masters', { name: 'Бауыржан', service_ids: [owner.service.id] })).id;
  salon.dana = (await api('POST', '/masters', { name: 'Дана', service_ids: [owner.service.id] })).id;
  salon.erlan = (await api('POST', '/masters', { name: 'Ерлан', service_ids: [] })).id;
  await w.database.db.update(businesses).set({ messengerChatId: '515151' }).where(eq(businesses.id, owner.business.id));
  const rows: Array<[number, string, string, string]> = [
    [salon.bauyrzhan, '10:00', 'Айдос', '+77011110001'],
    [salon.bauyrzhan, '10:30', 'Бекзат', '+77011110002'],
    [salon.dana, '12:00', 'Гульнара', '+77011110003'],
  ];
  for (const [master_id, time, first_name, phone] of rows) {
    await api('POST', '/bookings', { service_id: salon.haircut, master_id, date: DAY, time, first_name, phone });
  }
});

describe('a calendar that reads at a glance', () => {
  it('360: a 30-minute booking is one readable line; "Все мастера" lists the day; the choice survives a reload', async () => {
    const page = await browser.open(PHONE, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}`);
    const block = page.locator('.cal-booking', { hasText: 'Айдос' });
    await block.waitFor();
    // the client's name in full on its own line, the service below it (shown where the block is tall enough)
    await expect.poll(() => block.locator('.cal-line').allInnerTexts()).toEqual(['10:00 Айдос', 'Стрижка']);
    const fit = await block.evaluate((el) => {
      const line = el.querySelector('.cal-line')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { height: box.height, lineHeight: line.height, inside: line.bottom <= box.bottom + 0.5 };
    });
    expect(fit.height).toBeGreaterThanOrEqual(26);
    expect(fit.lineHeight).toBeLessThan(22); // one line, not wrapped
    expect(fit.inside).toBe(true);
    await screenshot(page, 'setup-calendar-day-360');

    await page.getByLabel(/^Мастер/).selectOption({ label: 'Все мастера' });
    const items = page.getByTestId('day-list').locator('.day-item');
    await expect.poll(() => items.allInnerTexts()).toHaveLength(3);
    expect((await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      '10:00–10:30 Айдос · Стрижка Бауыржан',
      '10:30–11:00 Бекзат · Стрижка Бауыржан',
      '12:00–12:30 Гульнара · Стрижка Дана',
    ]);
    await screenshot(page, 'setup-all-masters-360');
    await page.goto(`${w.baseUrl}/admin/calendar`);
    await page.getByTestId('day-list').waitFor();

    await page.getByLabel(/^Мастер/).selectOption({ label: 'Дана' });
    await page.locator('.cal-booking', { hasText: 'Гульнара' }).waitFor();
    await page.reload();
    await page.locator('.cal-booking', { hasText: 'Гульнара' }).waitFor();
    await expect.poll(() => page.locator('.cal-booking', { hasText: 'Айдос' }).count()).toBe(0);
  });

  it('1280: a week of three masters with one chosen shows that master, readable; "Все мастера" lists the week', async () => {
    const page = await browser.open(LAPTOP, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=${DAY}&master=${salon.bauyrzhan}`);
    await page.locator('.cal-booking', { hasText: 'Айдос' }).waitFor();
    await expect.poll(() => page.locator('.cal-col').count()).toBe(7);
    const widths = await page.locator('.cal-col').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(110);
    await expect
      .poll(() => page.locator('.cal-booking', { hasText: 'Айдос' }).locator('.cal-line').allInnerTexts())
      .toEqual(['10:00 Айдос', 'Стрижка']);
    await screenshot(page, 'setup-week-1280');
    await page.getByLabel(/^Мастер/).selectOption({ label: 'Все мастера' });
    await expect.poll(() => page.getByTestId('day-list').locator('section').count()).toBe(7);
    await screenshot(page, 'setup-week-all-1280');
  });

  it('"+ Новая запись" starts at the chosen master\'s next free time, never before the salon opens', async () => {
    const page = await browser.open(LAPTOP, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}&master=${salon.bauyrzhan}`);
    await page.locator('.cal-booking', { hasText: 'Айдос' }).waitFor();
    await page.getByRole('button', { name: '+ Новая запись' }).click();
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    // Now is 10:00; Бауыржан is busy 10:00-11:00.
    await expect.poll(() => form.getByLabel('Время').inputValue()).toBe('11:00');
    await form.getByLabel(/^Мастер/).selectOption({ label: 'Дана' });
    await expect.poll(() => form.getByLabel('Время').inputValue()).toBe('10:00');
    await screenshot(page, 'setup-new-booking-1280');
    await form.getByRole('button', { name: 'Отмена' }).click();

    await page.goto(`${w.baseUrl}/admin/calendar?date=2026-11-24&master=${salon.dana}`);
    await page.getByRole('button', { name: '+ Новая запись' }).click();
    await expect.poll(() => form.getByLabel('Время').inputValue()).toBe('09:00');
    expect(await form.getByLabel('Дата').inputValue()).toBe('2026-11-24');
  });
});

describe('smaller points', () => {
  it('a request whose move the client accepted says so beside "Ожидает"', async () => {
    const made = await api('POST', '/bookings', {
      service_id: salon.haircut,
      master_id: salon.bauyrzhan,
      date: DAY,
      time: '15:00',
      first_name: 'Марат',
      phone: '+77011110004',
    });
    await api('PATCH', `/bookings/${made.id}`, { status: 'pending', time: '16:00' });
    // As the client's "accept" in the bot leaves it (SPEC.md: the time moves, the status stays).
    await w.database.db.insert(rescheduleProposals).values({
      bookingId: made.id,
      oldDate: DAY,
      oldTime: '15:00',
      proposedDate: DAY,
      proposedTime: '16:00',
      proposedBy: 'PROVIDER_WEB',
      status: 'ACCEPTED',
      expiresAt: '2026-11-24T10:00:00',
    });
    const page = await browser.open(LAPTOP, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}&master=${salon.bauyrzhan}`);
    await page.locator(`.cal-booking[data-booking="${made.id}"]`).click();
    const status = page.getByRole('dialog', { name: 'Запись' }).getByTestId('booking-status');
    await expect.poll(() => status.getByTestId('reschedule-accepted').textContent()).toBe('✓ Клиент принял перенос на 23 нояб., 16:00');
    expect(await status.textContent()).toContain('Ожидает');
    await screenshot(page, 'setup-reschedule-accepted-1280');
  });
});

describe('faster setup', () => {
  it('the service form chooses its masters, on create and on edit', async () => {
    const page = await browser.open(LAPTOP, salon.token);
    await page.goto(`${w.baseUrl}/admin/services`);
    const create = page.getByRole('form', { name: 'Новая услуга' });
    await create.getByLabel('Название услуги').fill('Бритьё');
    await create.getByLabel('Длительность, мин').fill('30'); // replaces the prefilled 60 (a real value, not a placeholder)
    await create.getByLabel('Цена, ₸').fill('3000');
    await create.getByLabel('Дана').check();
    await create.getByLabel('Ерлан').check();
    await create.getByRole('button', { name: 'Добавить услугу' }).click();
    const linked = async () => {
      const masters = (await api('GET', '/masters')) as Array<{ name: string; services: Array<{ name: string }> }>;
      return masters.filter((m) => m.services.some((s) => s.name === 'Бритьё')).map((m) => m.name);
    };
    await expect.poll(linked).toEqual(['Дана', 'Ерлан']);

    await page.getByRole('button', { name: 'Изменить Бритьё' }).click();
    const edit = page.getByRole('form', { name: 'Изменить услугу' });
    await expect.poll(() => edit.getByLabel('Ерлан').isChecked()).toBe(true);
    await edit.getByLabel('Ерлан').uncheck();
    await edit.getByLabel('Бауыржан').check();
    await screenshot(page, 'setup-service-masters-1280');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(linked).toEqual(['Бауыржан', 'Дана']);
  });

  it("360: \"На все дни\" copies a day's hours; a master's own week starts as the salon's", async () => {
    const page = await browser.open(PHONE, salon.token);
    await page.goto(`${w.baseUrl}/admin/schedules`);
    await page.getByLabel('Понедельник: С').fill('10:00');
    await page.getByLabel('Понедельник: По').fill('20:00');
    await page.getByRole('button', { name: 'Понедельник: те же часы и перерыв на все дни (выходные остаются выходными)' }).click();
    await expect.poll(() => page.getByLabel('Пятница: По').inputValue()).toBe('20:00');
    const note = page.locator('.week-note[role="status"]');
    expect(await note.textContent()).toBe('Понедельник: часы и перерыв скопированы на все дни — нажмите «Сохранить график».');
    // A day off stays off: Saturday is not made a working day; its box says what it means.
    expect(await page.locator('input[name="active-5"]').isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Рабочий день' }).count()).toBe(7);
    await screenshot(page, 'setup-schedule-360');
    // The compact editor fits the phone: no sideways box around the week.
    expect(await page.locator('.table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.getByRole('button', { name: 'Сохранить график' }).click();
    const hours = (rows: Row[]) => rows.map((r) => `${r.start_time}-${r.end_time} ${r.break_start_time ?? '—'} ${r.is_active}`);
    const salonWeek = [...Array(5).fill('10:00-20:00 13:00 true'), ...Array(2).fill('10:00-20:00 13:00 false')];
    await expect.poll(async () => hours(await api('GET', '/schedule'))).toEqual(salonWeek);
    // Saved: the note that asked to press «Сохранить график» goes, «Сохранено» stays.
    await page.getByText('Сохранено').waitFor();
    expect(await note.count()).toBe(0);

    await page.getByLabel('График:').selectOption({ label: 'Ерлан' });
    await page.getByRole('button', { name: 'Создать свой график' }).click();
    await expect.poll(async () => hours(await api('GET', `/schedule/master/${salon.erlan}`))).toEqual(salonWeek);
    await page.getByLabel('Среда: С').waitFor();
    expect(await page.getByLabel('Среда: С').inputValue()).toBe('10:00');
  });
  it('1280: "На все дни" copies the hours and keeps the days off off; every day\'s box says "Рабочий день"', async () => {
    const other = await registerBusiness(w, { service: { name: 'Маникюр', duration: 60, price: 6000 } });
    const page = await browser.open(LAPTOP, other.token);
    await page.goto(`${w.baseUrl}/admin/schedules`);
    await page.getByLabel('Понедельник: С').fill('10:00');
    await page.getByLabel('Понедельник: По').fill('19:00');
    await page.getByRole('button', { name: 'Понедельник: те же часы и перерыв на все дни (выходные остаются выходными)' }).click();
    await expect.poll(() => page.getByLabel('Пятница: По').inputValue()).toBe('19:00');
    expect(await page.locator('input[name="active-5"]').isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Рабочий день' }).count()).toBe(7);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'setup-schedule-1280');
  });
});
