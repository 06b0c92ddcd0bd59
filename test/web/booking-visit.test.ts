/**
 * CONTRACT.md §20 "Pages" (issue #52 item 4) in the browser: "+ ещё услуга" makes the booking a visit of several
 * services; at 360 px a visit of two services takes at most 9 taps from the first screen (counted: a tap on a
 * field counts, the keys typed do not), the total shown before a time ("1 ч 10 мин · 7 000 ₸"), each item's
 * master, time and price and the total before «Записаться», every item on the success screen; Back and a
 * reload keep the items; a time taken meanwhile keeps what was typed and offers the visit's free times in
 * one tap; a date the salon closed says nobody works then; the same at 1280 px; axe finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { violations } from './axe.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty, the server's test clock too
const DAY = '2026-11-24';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const w = useWebTest();

interface Salon {
  owner: RegisteredBusiness;
  cut: number;
  beard: number;
  masters: Record<string, number>;
}

/** Стрижка (60 min, 5 000 ₸, registered) and Борода (10 min, 2 000 ₸), both done by every master named. */
async function salonWith(names: string[]): Promise<Salon> {
  const owner = await registerBusiness(w);
  const beard = await w.op('post', '/api/v1/services', { token: owner.token, body: { name: 'Борода', duration: 10, price: 2000 } });
  const masters: Record<string, number> = {};
  for (const name of names) {
    const made = await w.op('post', '/api/v1/masters', {
      token: owner.token,
      body: { name, service_ids: [owner.service.id, beard.data!.id] },
    });
    masters[name] = made.data!.id;
  }
  return { owner, cut: owner.service.id, beard: beard.data!.id, masters };
}

async function openPage(path: string, size = PHONE): Promise<Page> {
  const { page } = await w.phone(size);
  await page.clock.setFixedTime(NOW);
  await page.goto(`${w.baseUrl}${path}`);
  return page;
}

const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The visit requests the page sends. */
function visitBodies(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/visits')) bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

/** Taps as a thumb makes them, counted. */
function tapper() {
  let count = 0;
  return {
    tap: async (target: Locator) => {
      count += 1;
      await target.click();
    },
    get count() {
      return count;
    },
  };
}

const itemNames = (page: Page) => page.locator('.visit-item .visit-name').allTextContents();

async function bookingsOn(salon: Salon): Promise<{ start_at: string; visit_id: string | null; service: { id: number } }[]> {
  const list = await w.call({ method: 'GET', url: `/api/v1/bookings?date=${DAY}`, token: salon.owner.token });
  return list.data as { start_at: string; visit_id: string | null; service: { id: number } }[];
}

/** Cut, "+ ещё услуга", beard, the day, 10:00, name and phone typed: the taps counted by `taps`. */
async function bookVisit(page: Page, salon: Salon, taps: ReturnType<typeof tapper>, axe?: string[]) {
  await taps.tap(page.locator(`[data-service="${salon.cut}"]`));
  await taps.tap(page.locator('[data-add-service]'));
  await page.locator('[data-step="add"]').waitFor();
  if (axe) axe.push(...(await violations(page, 'add')));
  await taps.tap(page.locator(`[data-service="${salon.beard}"]`));
  expect(await itemNames(page)).toEqual(['Стрижка', 'Борода']);
  expect(flat(await page.locator('.visit [data-fact="total"]').textContent())).toBe('1 ч 10 мин · 7 000 ₸');
  await taps.tap(page.locator(`[data-date="${DAY}"]`));
  await page.locator('[data-time="10:00"]').waitFor();
  if (axe) axe.push(...(await violations(page, 'when')));
  await screenshot(page, `visit-when-${page.viewportSize()!.width}`);
  await taps.tap(page.locator('[data-time="10:00"]'));
  await taps.tap(page.locator('input[name="first_name"]'));
  await page.keyboard.type('Асель', { delay: 10 });
  await taps.tap(page.locator('input[name="phone"]'));
  await page.keyboard.type('8 701 123 45 67', { delay: 10 });
}

describe('a visit of two services on the booking page (CONTRACT.md §20)', () => {
  it('at 360 px in at most 9 taps: the total, each item before «Записаться», every item after; axe clean', async () => {
    const salon = await salonWith(['Алия', 'Дана']);
    const page = await openPage(`/${salon.owner.business.slug}`);
    const bodies = visitBodies(page);
    const taps = tapper();
    const axe: string[] = [];
    await bookVisit(page, salon, taps, axe);
    // Before «Записаться»: each item's time, master and exact price, and the total sent as max_price.
    const items = page.locator('.visit-item');
    await expect.poll(async () => flat(await items.nth(0).innerText())).toMatch(/^10:00 Стрижка 5 000 ₸ (Алия|Дана|Любой мастер)$/);
    expect(flat(await items.nth(1).innerText())).toMatch(/^11:00 Борода 2 000 ₸/);
    expect(flat(await page.locator('.visit [data-fact="total"]').textContent())).toBe('1 ч 10 мин · 7 000 ₸');
    axe.push(...(await violations(page, 'details')));
    await screenshot(page, 'visit-details-360');
    await taps.tap(page.locator('button.confirm'));
    await page.getByText('Вы записаны!').waitFor();
    expect(taps.count).toBeLessThanOrEqual(9);
    const done = page.locator('.visit-done li');
    expect(await done.count()).toBe(2);
    expect(flat(await done.nth(0).innerText())).toMatch(/^10:00 Стрижка (Алия|Дана) 5 000 ₸$/);
    expect(flat(await done.nth(1).innerText())).toMatch(/^11:00 Борода (Алия|Дана) 2 000 ₸$/);
    expect(flat(await page.locator('.success [data-fact="price"]').textContent())).toBe('7 000 ₸');
    expect(flat(await page.locator('.success [data-fact="phone"]').textContent())).toContain('701');
    axe.push(...(await violations(page, 'done')));
    await screenshot(page, 'visit-done-360');
    expect(axe).toEqual([]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      items: [{ service_id: salon.cut }, { service_id: salon.beard }],
      date: DAY,
      time: '10:00',
      first_name: 'Асель',
      phone: '+77011234567',
      max_price: 7000,
    });
    const made = await bookingsOn(salon);
    expect(made.map((b) => [b.start_at.slice(11, 16), b.service.id])).toEqual([
      ['10:00', salon.cut],
      ['11:00', salon.beard],
    ]);
    expect(new Set(made.map((b) => b.visit_id)).size).toBe(1);
    expect(made[0]!.visit_id).not.toBeNull();
  });

  it('Back and a reload keep the items; an item removed and a master chosen per item; a taken time offers the visit’s free times in one tap', async () => {
    const salon = await salonWith(['Алия', 'Дана']);
    const styling = await w.op('post', '/api/v1/services', {
      token: salon.owner.token,
      body: { name: 'Укладка', duration: 15, price: 1500 },
    });
    for (const [name, id] of Object.entries(salon.masters)) {
      const body = { name, service_ids: [salon.cut, salon.beard, styling.data!.id] };
      expect((await w.op('put', '/api/v1/masters/{id}', { token: salon.owner.token, path: { id }, body })).statusCode).toBe(200);
    }
    const page = await openPage(`/${salon.owner.business.slug}`);
    const bodies = visitBodies(page);
    await page.locator(`[data-service="${salon.cut}"]`).click();
    await page.locator('[data-add-service]').click();
    await page.locator(`[data-service="${salon.beard}"]`).click();
    await page.locator('[data-add-service]').click();
    // What the visit holds is not offered again (a double tap on a service lands here).
    expect(await page.locator(`[data-service="${salon.beard}"], [data-service="${salon.cut}"]`).count()).toBe(0);
    await page.locator(`[data-service="${styling.data!.id}"]`).click();
    expect(await itemNames(page)).toEqual(['Стрижка', 'Борода', 'Укладка']);
    await page.locator('[data-remove="2"]').click();
    expect(await itemNames(page)).toEqual(['Стрижка', 'Борода']);
    // Дана for the beard.
    await page.locator('[data-item-master="1"]').selectOption(String(salon.masters['Дана']));
    await page.locator(`[data-date="${DAY}"]`).click();
    await page.locator('[data-time="10:00"]').click();
    await page.locator('input[name="first_name"]').click();
    await page.keyboard.type('Асель', { delay: 10 });
    await page.locator('input[name="phone"]').click();
    await page.keyboard.type('8 701 123 45 67', { delay: 10 });
    // Back: the times, with the items; a reload there keeps them; Forward: the details as typed.
    await page.goBack();
    await page.locator('[data-step="when"]').waitFor();
    expect(await itemNames(page)).toEqual(['Стрижка', 'Борода']);
    await page.reload();
    await page.locator('[data-step="when"]').waitFor();
    await expect.poll(() => itemNames(page)).toEqual(['Стрижка', 'Борода']);
    expect(await page.locator('[data-item-master="1"]').inputValue()).toBe(String(salon.masters['Дана']));
    await page.goForward();
    await page.locator('input[name="first_name"]').waitFor();
    expect(await page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
    await page.reload();
    await expect.poll(() => page.locator('input[name="phone"]').inputValue()).toBe('8 (701) 123-45-67');
    expect(await itemNames(page)).toEqual(['10:00 Стрижка', '11:00 Борода']);
    await expect.poll(async () => flat(await page.locator('.visit-item').nth(1).innerText())).toContain('Дана');

    // Meanwhile someone books Дана at 11:00: the visit's beard is taken.
    const other = await w.op('post', '/api/v1/public/{slug}/booking', {
      path: { slug: salon.owner.business.slug },
      body: {
        service_id: salon.beard,
        master_id: salon.masters['Дана']!,
        date: DAY,
        time: '11:00',
        first_name: 'Ерлан',
        phone: '+77000000001',
      },
    });
    expect(other.statusCode, other.body).toBe(201);
    await page.locator('textarea[name="notes"]').fill('Покороче');
    await page.locator('button.confirm').click();
    const taken = page.getByTestId('time-taken');
    await taken.waitFor();
    expect(flat(await taken.textContent())).toContain('уже заняли');
    expect(await page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
    expect(await page.locator('textarea[name="notes"]').inputValue()).toBe('Покороче');
    await screenshot(page, 'visit-taken-360');
    const offered = taken.locator('[data-time]').first();
    const time = (await offered.getAttribute('data-time'))!;
    await offered.click();
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(await page.locator('.success [data-fact="time"]').textContent()).toBe(time);
    expect(await page.locator('.visit-done li').count()).toBe(2);
    expect(bodies.map((body) => body.time)).toEqual(['10:00', time]);
    expect(bodies[1]).toMatchObject({ items: [{ service_id: salon.cut }, { service_id: salon.beard, master_id: salon.masters['Дана'] }] });
    const made = (await bookingsOn(salon)).filter((b) => b.visit_id !== null);
    expect(made).toHaveLength(2);
  });

  it('a total changed meanwhile is shown without the items’ stale prices, everything typed kept; confirming again books at it', async () => {
    const salon = await salonWith(['Алия']);
    const page = await openPage(`/${salon.owner.business.slug}`);
    const bodies = visitBodies(page);
    await bookVisit(page, salon, tapper());
    await expect.poll(async () => flat(await page.locator('.visit [data-fact="total"]').textContent())).toBe('1 ч 10 мин · 7 000 ₸');
    const raised = await w.call({
      method: 'PUT',
      url: `/api/v1/masters/${salon.masters['Алия']}/services/${salon.beard}`,
      token: salon.owner.token,
      payload: { price: 3000, duration: 10 },
    });
    expect(raised.statusCode, raised.body).toBeLessThan(300);
    await page.locator('button.confirm').click();
    const notice = page.getByTestId('price-changed');
    await notice.waitFor();
    expect(flat(await notice.textContent())).toContain('8 000 ₸');
    await expect.poll(async () => flat(await page.locator('.visit [data-fact="total"]').textContent())).toBe('1 ч 10 мин · 8 000 ₸');
    // The server told only the total: the items' prices the page knew (5 000 + 2 000) would not add up to it.
    expect(await page.locator('.visit-item [data-fact="price"]').count()).toBe(0);
    await screenshot(page, 'visit-repriced-360');
    expect(await page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(flat(await page.locator('.success [data-fact="price"]').textContent())).toBe('8 000 ₸');
    expect(flat(await page.locator('.visit-done li').nth(1).innerText())).toMatch(/3 000 ₸$/);
    expect(bodies.map((body) => body.max_price)).toEqual([7000, 8000]);
  });

  it('a date the salon closed (CONTRACT.md §21): "any master" and a visit say nobody works then, a chosen master that the master does not', async () => {
    const salon = await salonWith(['Алия', 'Дана']);
    const closed = await w.op('post', '/api/v1/time-off', { token: salon.owner.token, body: { date_from: DAY, date_to: DAY } });
    expect(closed.statusCode, closed.body).toBe(201);
    const page = await openPage(`/${salon.owner.business.slug}`);
    const noTimes = page.locator('.no-times');
    await page.locator(`[data-service="${salon.cut}"]`).click();
    await page.locator('[data-master="any"]').click();
    await page.locator(`[data-date="${DAY}"]`).click();
    await expect.poll(() => noTimes.textContent()).toBe('В этот день никто из мастеров не работает. Выберите другой день.');
    await screenshot(page, 'visit-closed-day-any-360');
    await page.locator('[data-add-service]').click();
    await page.locator(`[data-service="${salon.beard}"]`).click();
    await page.locator(`[data-date="${DAY}"]`).click();
    await expect.poll(() => noTimes.textContent()).toBe('В этот день никто из мастеров не работает. Выберите другой день.');
    const chosen = await openPage(`/${salon.owner.business.slug}`);
    await chosen.locator(`[data-service="${salon.cut}"]`).click();
    await chosen.locator(`[data-master="${salon.masters['Алия']}"]`).click();
    await chosen.locator(`[data-date="${DAY}"]`).click();
    await expect.poll(() => chosen.locator('.no-times').textContent()).toBe('Мастер в этот день не работает. Выберите другой день.');
  });

  it('at 1280 px the same visit books, listed item by item', async () => {
    const salon = await salonWith(['Алия']);
    const page = await openPage(`/${salon.owner.business.slug}`, DESKTOP);
    const taps = tapper();
    await bookVisit(page, salon, taps);
    await expect.poll(async () => flat(await page.locator('.visit-item').nth(0).innerText())).toBe('10:00 Стрижка 5 000 ₸ Алия');
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(await page.locator('.visit-done li').count()).toBe(2);
    expect(taps.count).toBeLessThanOrEqual(9);
    await screenshot(page, 'visit-done-1280');
  });

  it('a service added to a single booking can be taken out again: one service books as before', async () => {
    const salon = await salonWith(['Алия']);
    const page = await openPage(`/${salon.owner.business.slug}`);
    await page.locator(`[data-service="${salon.cut}"]`).click();
    await page.locator('[data-add-service]').click();
    await page.locator(`[data-service="${salon.beard}"]`).click();
    await page.locator('[data-remove="1"]').click();
    expect(await page.locator('.visit').count()).toBe(0);
    await page.locator(`[data-date="${DAY}"]`).click();
    await page.locator('[data-time="10:00"]').click();
    await page.locator('input[name="first_name"]').fill('Асель');
    await page.locator('input[name="phone"]').click();
    await page.keyboard.type('8 701 123 45 67', { delay: 10 });
    const posted: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posted.push(new URL(request.url()).pathname));
    await page.locator('button.confirm').click();
    await page.getByText('Вы записаны!').waitFor();
    expect(posted.filter((path) => path.includes('/public/'))).toEqual([`/api/v1/public/${salon.owner.business.slug}/booking`]);
    expect(await page.locator('.success [data-fact="service"]').textContent()).toBe('Стрижка');
  });
});
