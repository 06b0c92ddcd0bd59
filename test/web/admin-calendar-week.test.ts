/**
 * The owner's week view as a user walk found it: bookings that overlap (the service allows them) each keep
 * their start time and the start of the client's name readable in the week's narrow columns, at 1280 px and
 * at 360 px, the full text in the block's title, and a click still opens the booking. At 1024 px the week of two
 * masters fits without scrolling sideways, as at 1280. A salon of three masters
 * sees all three by default: side by side where their columns fit, else the week's list (decision 0092).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, twoMasterSalon, usePanelBrowser, weekFit } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'calendar-week', 'admin_token');
const { salon, ownerBooking, setUp } = twoMasterSalon(w, 'Салон «Жұлдыз»');

/**
 * What the owner sees of a block: its time whole and the first letters of its client (how many px of the name show),
 * inside the block and on top at their own place (no other block drawn over them).
 */
const readable = (block: Locator) =>
  block.evaluate((el) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    const ownAt = (x: number, y: number) => el.contains(document.elementFromPoint(x, y));
    const time = el.querySelector('strong')!;
    const t = time.getBoundingClientRect();
    const client = el.querySelector<HTMLElement>('.cal-client')!;
    const c = client.getBoundingClientRect();
    const cRight = Math.min(c.right, right);
    return {
      time: time.textContent,
      // not cut with … either: its line does not overflow
      timeWhole:
        t.width > 20 &&
        t.right <= right + 0.5 &&
        t.right <= time.parentElement!.getBoundingClientRect().right &&
        t.bottom <= box.bottom + 0.5 &&
        ownAt(t.left + 2, t.top + t.height / 2) &&
        ownAt(t.right - 2, t.top + t.height / 2),
      clientShown: Math.round(cRight - c.left),
      // the name's glyphs, top to bottom, at its start and its end
      clientOnTop: c.bottom <= box.bottom + 0.5 && [c.top + 2, c.bottom - 2].every((y) => ownAt(c.left + 2, y) && ownAt(cRight - 2, y)),
      title: el.getAttribute('title'),
    };
  });

const SAME_TIME = ['Асель', 'Александра-Виктория', 'Гульнара'];

beforeAll(async () => {
  await setUp();
  // two that overlap by half an hour, and three at the very same time
  await ownerBooking(salon.aigerim, '2026-11-24', '11:00', 'Мария');
  await ownerBooking(salon.aigerim, '2026-11-24', '11:30', 'Жанна');
  for (const name of SAME_TIME) await ownerBooking(salon.dana, '2026-11-25', '14:00', name);
});

describe('overlapping bookings in the week', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`${viewport.width}: each of two and of three overlapping bookings shows its time and its client, and opens on a click`, async () => {
      const page = await browser.open(viewport, salon.token);
      const master = viewport === PHONE ? `&master=${salon.dana}` : '';
      await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=2026-11-24${master}`);
      const days = viewport === PHONE ? ['2026-11-25'] : ['2026-11-24', '2026-11-25'];
      const blocks = page.locator(days.map((day) => `.cal-body[data-date="${day}"] .cal-booking`).join(', '));
      await expect.poll(() => blocks.count()).toBe(viewport === PHONE ? 3 : 5);
      const names = viewport === PHONE ? SAME_TIME : ['Мария', 'Жанна', ...SAME_TIME];
      for (const name of names) {
        const block = blocks.filter({ has: page.locator('.cal-client', { hasText: name }) });
        const seen = await readable(block);
        expect(seen, name).toMatchObject({ timeWhole: true, clientOnTop: true });
        expect(seen.clientShown, name).toBeGreaterThanOrEqual(12);
        expect(seen.title, name).toContain(`${seen.time}–`);
        expect(seen.title, name).toContain(name);
      }
      await screenshot(page, `calendar-week-overlap-${viewport.width}`);
      // the first of the three, under the other two, still opens where its name shows
      const first = blocks.locator('.cal-client', { hasText: 'Асель' });
      if (viewport === PHONE) await first.tap();
      else await first.click();
      const detail = page.getByRole('dialog', { name: 'Запись' });
      await detail.waitFor();
      await expect.poll(() => detail.textContent()).toContain('Асель');
    });
  }
});

describe('the week of two masters on a small laptop', () => {
  it('1024: fits without scrolling sideways, all seven days in view, each booking with its time and its client', async () => {
    const page = await browser.open({ width: 1024, height: 768 }, salon.token);
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=2026-11-24`);
    await expect.poll(() => page.locator('.cal-col').count()).toBe(14);
    await expect.poll(() => page.locator('.cal-booking').count()).toBe(5);
    expect(await weekFit(page)).toEqual({ sideways: 0, daysInView: 7 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    for (const name of ['Мария', 'Жанна', ...SAME_TIME]) {
      const seen = await readable(page.locator('.cal-booking').filter({ has: page.locator('.cal-client', { hasText: name }) }));
      expect(seen, name).toMatchObject({ timeWhole: true, clientOnTop: true });
      expect(seen.clientShown, name).toBeGreaterThanOrEqual(12);
    }
    await screenshot(page, 'calendar-week-1024');
  });
});

describe('a week of three masters', () => {
  const trio = { token: '', masters: [] as number[] };
  const CLIENTS = ['Айдана', 'Бекзат', 'Камила'];

  beforeAll(async () => {
    const owner = await registerBusiness(w, { business_name: 'Салон «Үшеу»', service: { name: 'Стрижка', duration: 60, price: 8000 } });
    trio.token = owner.token;
    const call = (url: string, payload: object) => w.call({ method: 'POST', url: `/api/v1${url}`, payload, token: owner.token });
    for (const name of ['Айгерим', 'Дана', 'Сауле'])
      trio.masters.push((await call('/masters', { name, service_ids: [owner.service.id] })).data.id);
    for (const [index, first_name] of CLIENTS.entries()) {
      const made = await call('/bookings', {
        service_id: owner.service.id,
        master_id: trio.masters[index],
        date: '2026-11-24',
        time: '11:00',
        first_name,
        phone: `+770155500${index}0`,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
  });

  it('1280: every master by default, as the list of the week (21 columns do not fit); one master chosen stays after a reload', async () => {
    const page = await browser.open(LAPTOP, trio.token);
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=2026-11-24`);
    const list = page.getByTestId('day-list');
    await expect.poll(() => list.locator('section').count()).toBe(7);
    const lines = list.locator('section[data-date="2026-11-24"] .day-what');
    await expect.poll(async () => (await lines.allInnerTexts()).sort()).toEqual(CLIENTS.map((c) => `${c} · Стрижка`));
    // Each line whole in the week's narrow columns, not «Ками…».
    const cut = await lines.evaluateAll((spans) =>
      spans.filter((span) => span.scrollWidth > span.clientWidth).map((span) => span.textContent),
    );
    expect(cut).toEqual([]);
    expect(await page.locator('select[name="shown_master"]').inputValue()).toBe('all');
    expect(await page.locator('.cal-col').count()).toBe(0);
    await screenshot(page, 'calendar-week-three-1280');

    await page.getByLabel(/^Мастер/).selectOption({ label: 'Дана' });
    await expect.poll(() => page.locator('.cal-col').count()).toBe(7);
    await page.reload();
    await page.locator('.cal-booking', { hasText: 'Бекзат' }).waitFor();
    expect(await page.locator('.cal-col').count()).toBe(7);
    expect(await page.locator('select[name="shown_master"]').inputValue()).toBe(String(trio.masters[1]));
  });

  it('1680: every master side by side, without scrolling sideways, each booking with its time and its client', async () => {
    const page = await browser.open({ width: 1680, height: 1050 }, trio.token);
    await page.goto(`${w.baseUrl}/admin/calendar?view=week&date=2026-11-24`);
    await expect.poll(() => page.locator('.cal-col').count()).toBe(21);
    expect(await page.locator('.cal').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await page.locator('select[name="shown_master"]').inputValue()).toBe('all');
    for (const name of CLIENTS) {
      const seen = await readable(page.locator('.cal-booking').filter({ has: page.locator('.cal-client', { hasText: name }) }));
      expect(seen, name).toMatchObject({ timeWhole: true, clientOnTop: true });
      expect(seen.clientShown, name).toBeGreaterThanOrEqual(12);
    }
    await screenshot(page, 'calendar-week-three-1680');
  });
});
