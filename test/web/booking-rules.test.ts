/**
 * CONTRACT.md §17 in the browser at 360 px: the booking page shows a price range until a master is
 * chosen, then that master's price, and offers that master's start times with their own duration
 * and the service's buffer; the panel's masters × services grid saves own prices (a blank cell
 * inherits), the service form takes the buffer and Settings the notice and horizon in plain words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { DAY, NOW, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const panel = usePanelBrowser(w, 'rules', 'admin_token');
const salon = { owner: undefined as unknown as RegisteredBusiness, junior: 0, senior: 0 };

const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await w.call({ method, url: `/api/v1${url}`, payload, token: salon.owner.token });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.data;
};
const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  salon.owner = await registerBusiness(w); // Стрижка, 60 minutes, 5 000 ₸
  salon.junior = (await api('POST', '/masters', { name: 'Алия', service_ids: [salon.owner.service.id] })).id;
  salon.senior = (await api('POST', '/masters', { name: 'Дана', service_ids: [salon.owner.service.id] })).id;
  await api('PUT', `/masters/${salon.senior}/services/${salon.owner.service.id}`, { price: 7000, duration: 45 });
  await api('PUT', `/services/${salon.owner.service.id}`, { buffer_after: 15 });
  // Дана is busy on Tuesday 11:00-11:45, and keeps 15 minutes after it.
  await api('POST', '/bookings', {
    service_id: salon.owner.service.id,
    master_id: salon.senior,
    date: '2026-11-24',
    time: '11:00',
    first_name: 'Ерлан',
    phone: '+77000000001',
  });
});

describe('booking page at 360 px', () => {
  it("a range until a master is chosen, then that master's price; times with their duration and the buffer", async () => {
    const { page } = await w.phone(PHONE);
    await page.clock.setFixedTime(NOW);
    await page.goto(`${w.baseUrl}/${salon.owner.business.slug}`);
    const haircut = page.locator(`[data-service="${salon.owner.service.id}"]`);
    await haircut.waitFor();
    expect(flat(await haircut.textContent())).toContain('5 000 – 7 000 ₸');
    expect(flat(await haircut.textContent())).toContain('45 мин – 1 ч');
    await screenshot(page, 'rules-1-services-360');
    await haircut.click();
    const dana = page.locator(`[data-master="${salon.senior}"]`);
    await dana.waitFor();
    expect(flat(await dana.textContent())).toContain('7 000 ₸');
    expect(flat(await page.locator(`[data-master="${salon.junior}"]`).textContent())).toContain('5 000 ₸');
    await dana.click();
    await expect.poll(async () => flat(await page.locator('.picked [data-fact="price"]').textContent())).toBe('7 000 ₸');
    await page.locator('[data-date="2026-11-24"]').click();
    await page.locator('.times, .no-times').first().waitFor();
    const times = await page.locator('.times .time').allTextContents();
    // 45 minutes + 15 of buffer end by 11:00; the booking keeps Дана until 12:00.
    expect(times).toContain('10:00');
    for (const taken of ['10:15', '10:30', '11:00', '11:45']) expect(times).not.toContain(taken);
    expect(times).toContain('12:00');
    expect(times).not.toContain('12:15'); // 12:15 + 45 + 15 runs into the break at 13:00
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(page, 'rules-2-times-360');
  });
});

describe('panel at 360 px', () => {
  it('the masters × services grid: a blank cell inherits the base (its placeholder); saved values reach the API', async () => {
    const page = await panel.open(PHONE, salon.owner.token);
    await page.goto(`${w.baseUrl}/admin/masters`);
    await page.getByTestId('terms-open').click();
    const price = page.getByLabel('Алия, Стрижка: цена, ₸');
    await price.waitFor();
    expect(await price.inputValue()).toBe('');
    expect(await price.getAttribute('placeholder')).toBe('5000');
    expect(await page.getByLabel('Дана, Стрижка: цена, ₸').inputValue()).toBe('7000');
    await price.fill('5500');
    await page.getByLabel('Дана, Стрижка: минут').fill('');
    await screenshot(page, 'rules-3-grid-360');
    await page.getByRole('button', { name: 'Сохранить цены' }).click();
    await page.getByTestId('terms-grid').getByRole('status').waitFor();
    const masters = await api('GET', '/masters');
    const terms = (id: number) => masters.find((m: { id: number }) => m.id === id).services[0];
    expect(terms(salon.junior)).toMatchObject({ price: 5500, duration: 60 });
    expect(terms(salon.senior)).toMatchObject({ price: 7000, duration: 60 });
    await api('PUT', `/masters/${salon.senior}/services/${salon.owner.service.id}`, { duration: 45 });
  });

  it('Settings: notice and horizon in plain words; the service form shows the buffer', async () => {
    const page = await panel.open(PHONE, salon.owner.token);
    await page.goto(`${w.baseUrl}/admin/settings`);
    const notice = page.getByLabel('Записывать не позже чем за … до начала');
    await notice.waitFor();
    await notice.selectOption({ label: '2 ч' });
    await page.getByLabel('Принимать записи на … дней вперёд').selectOption({ label: '30' });
    await page.getByTestId('booking-window').getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('booking-window').getByRole('status').waitFor();
    expect(await api('GET', '/business')).toMatchObject({ min_notice_minutes: 120, booking_horizon_days: 30 });
    await screenshot(page, 'rules-4-settings-360');
    await api('PUT', '/business', { min_notice_minutes: 0, booking_horizon_days: null });

    await page.goto(`${w.baseUrl}/admin/services`);
    await page
      .getByRole('button', { name: /Изменить|Редактировать/ })
      .first()
      .click();
    // The edit form holds the service's 15; the new-service form starts empty (nothing to delete first).
    const buffers = page.locator('input[name="service_buffer_after"]');
    await expect
      .poll(() => buffers.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).sort()))
      .toEqual(['', '15']);
  });
});

describe('"+ Новая запись" is not bound by the client\'s booking window (CONTRACT.md §17)', () => {
  it('with a notice that leaves clients nothing today, the owner is still offered a time today', async () => {
    const owner = await registerBusiness(w);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await w.call({ method, url: `/api/v1${url}`, payload, token: owner.token });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.data;
    };
    const master = (await call('POST', '/masters', { name: 'Ерке', service_ids: [owner.service.id] })).id;
    await call('PUT', '/business', { min_notice_minutes: 600, booking_horizon_days: 1 });
    // Now is 10:00: a client may book from 20:00 on, after closing; nothing today.
    const slots = await call('GET', `/public/${owner.business.slug}/slots?date=${DAY}&master_id=${master}`);
    expect(slots.busy_intervals).toEqual([[slots.work_start, slots.work_end]]);
    const page = await panel.open(PHONE, owner.token);
    await page.goto(`${w.baseUrl}/admin/calendar?date=${DAY}&master=${master}`);
    await page.getByRole('button', { name: '+ Новая запись' }).click();
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    await expect.poll(() => form.getByLabel('Время').inputValue()).toBe('10:00');
    expect(await form.getByLabel('Дата').inputValue()).toBe(DAY);
    await screenshot(page, 'rules-5-new-booking-notice-360');
  });
});
