/**
 * The owner's week view as a user walk found it: bookings that overlap (the service allows them) each keep
 * their start time and the start of the client's name readable in the week's narrow columns, at 1280 px and
 * at 360 px, the full text in the block's title, and a click still opens the booking.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { registerBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'calendar-week', 'admin_token');
const salon = { token: '', service: 0, aigerim: 0, dana: 0 };

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  w.call({ method, url: `/api/v1${url}`, payload, token: salon.token });

async function ownerBooking(master: number, date: string, time: string, first_name: string) {
  const phone = `+7701${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const made = await api('POST', '/bookings', { service_id: salon.service, master_id: master, date, time, first_name, phone });
  expect(made.statusCode, made.body).toBe(201);
  return made.data as { id: string };
}

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
      timeWhole:
        t.width > 20 &&
        t.right <= right + 0.5 &&
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
  const owner = await registerBusiness(w, { business_name: 'Салон «Жұлдыз»', service: { name: 'Стрижка', duration: 60, price: 8000 } });
  salon.token = owner.token;
  salon.service = owner.service.id;
  salon.aigerim = (await api('POST', '/masters', { name: 'Айгерим', service_ids: [salon.service] })).data.id;
  salon.dana = (await api('POST', '/masters', { name: 'Дана', service_ids: [salon.service] })).data.id;
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
