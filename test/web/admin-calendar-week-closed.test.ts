/**
 * The list of the week ("Все мастера" at 1280 px, three masters) as a user walk found it: closed days read
 * «Записей нет» like any other. Now (CONTRACT.md §21) the week of 14-20 December 2026: 16 December closed for
 * the salon says «Выходной: День Независимости», Dana's whole day off on the 17th is marked for her (Aigerim's
 * booking still listed, her hours off not a day off), and Saturday, the salon's day off by the schedule, says «Выходной».
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const w = useWebTest();
const browser = usePanelBrowser(w, 'calendar-week-closed', 'admin_token');
const salon = { token: '', masters: [] as number[] };

beforeAll(async () => {
  const owner = await registerBusiness(w, { business_name: 'Салон «Мереке»', service: { name: 'Стрижка', duration: 60, price: 8000 } });
  salon.token = owner.token;
  const post = async (url: string, payload: object) => {
    const made = await w.call({ method: 'POST', url: `/api/v1${url}`, payload, token: owner.token });
    expect(made.statusCode, made.body).toBe(201);
    return made.data;
  };
  for (const name of ['Айгерим', 'Дана', 'Сауле'])
    salon.masters.push((await post('/masters', { name, service_ids: [owner.service.id] })).id);
  const [aigerim, dana] = salon.masters;
  await post('/time-off', { date_from: '2026-12-16', date_to: '2026-12-16', note: 'День Независимости' });
  await post('/time-off', { master_id: dana, date_from: '2026-12-17', date_to: '2026-12-17', note: 'Больничный' });
  await post('/time-off', { master_id: aigerim, date_from: '2026-12-18', date_to: '2026-12-18', start_time: '09:00', end_time: '12:00' });
  await post('/bookings', {
    service_id: owner.service.id,
    master_id: aigerim,
    date: '2026-12-17',
    time: '11:00',
    first_name: 'Мадина',
    phone: '+77015550311',
  });
});

describe('closed days in the list of the week', () => {
  it('1280: the salon closed says so with its note, a master off the whole day is marked, open days read «Записей нет»', async () => {
    const page = await browser.open(LAPTOP, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=2026-12-16`);
    const list = page.getByTestId('day-list');
    await expect.poll(() => list.locator('section').count()).toBe(7);
    const day = (date: string) => list.locator(`section[data-date="${date}"]`);
    const text = async (date: string) => (await day(date).innerText()).replace(/\s+/g, ' ');

    await expect.poll(() => text('2026-12-16')).toContain('Выходной: День Независимости');
    expect(await text('2026-12-16')).not.toContain('Записей нет');

    const thursday = await text('2026-12-17');
    expect(thursday).toContain('Дана — выходной: Больничный');
    expect(thursday).toContain('Мадина · Стрижка');
    expect(thursday).not.toMatch(/Айгерим —|Сауле —|Выходной/);
    expect(await day('2026-12-17').locator(`.day-closed[data-master-id="${salon.masters[1]}"]`).count()).toBe(1);

    for (const saturday of ['2026-12-19', '2026-12-20']) {
      expect(await text(saturday), saturday).toContain('Выходной');
      expect(await text(saturday), saturday).not.toContain('Записей нет');
    }
    for (const open of ['2026-12-14', '2026-12-15', '2026-12-18']) {
      expect(await text(open), open).toContain('Записей нет');
      expect(await day(open).locator('.day-closed').count(), open).toBe(0);
    }
    await screenshot(page, 'calendar-week-closed-1280');
  });
});
