/**
 * A salon's first week (issue #35), as a client on a 360 px phone and a new owner at 360 and 1280 px:
 * the time checked again just before booking, a readable day off, tap targets of 40×40 px, the setup
 * card that tells only the truth and folds away, the link made from the name, the week opening on the
 * selected day. Screenshots test-results/first-week-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { book } from '../helpers/catalog.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { usePanelBrowser } from './admin-helpers.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty
const DAY = '2026-11-24';
const SATURDAY = '2026-11-28';
const PHONE = { width: 360, height: 740 };
const w = useWebTest();
const browser = usePanelBrowser(w, 'first-week', 'admin_token');

async function salonWithMaster(name = 'Алия'): Promise<{ owner: RegisteredBusiness; master: number }> {
  const owner = await registerBusiness(w);
  const made = await w.call({
    method: 'POST',
    url: '/api/v1/masters',
    payload: { name, service_ids: [owner.service.id] },
    token: owner.token,
  });
  expect(made.statusCode).toBe(201);
  return { owner, master: made.data.id };
}

async function openBookingPage(slug: string): Promise<Page> {
  const page = await browser.open(PHONE);
  await page.clock.setFixedTime(NOW);
  await page.goto(`${w.baseUrl}/${slug}`);
  return page;
}

/** Every visible control of the page smaller than 40×40 px (text links inside a sentence aside). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, [role="option"]')]
      .filter((el) => el.offsetParent !== null && !(el.tagName === 'A' && el.closest('p, li.inline')))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 40 || box.height < 40))
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()}.${el.className} «${el.textContent?.trim().slice(0, 20)}» ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
}

/** WCAG contrast of an element's text colour against the background of `against`. */
async function contrast(page: Page, selector: string, against: string): Promise<number> {
  return page.evaluate(
    ([text, back]) => {
      const rgb = (css: string) =>
        css
          .match(/[\d.]+/g)!
          .slice(0, 3)
          .map(Number);
      const lum = (css: string) => {
        const [r, g, b] = rgb(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const fg = lum(getComputedStyle(document.querySelector(text!)!).color);
      const bg = lum(getComputedStyle(document.querySelector(back!)!).backgroundColor);
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    },
    [selector, against],
  );
}

describe('the booking page on a phone', () => {
  it('checks the time again before booking: taken meanwhile, it says so and offers the nearest free times, the typed details kept', async () => {
    const { owner, master } = await salonWithMaster();
    const page = await openBookingPage(owner.business.slug);
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator(`[data-date="${DAY}"]`).click();
    await page.locator('[data-time="11:00"]').click();
    await page.locator('input[name="first_name"]').click();
    await page.keyboard.type('Айжан', { delay: 10 });
    await page.locator('input[name="phone"]').click();
    await page.keyboard.type('8 701 555 44 33', { delay: 10 });
    await page.locator('textarea[name="notes"]').click();
    await page.keyboard.type('Покороче', { delay: 10 });
    // Another client takes 11:00 while this one types.
    await book(w, owner, { date: DAY, time: '11:00', master_id: master });

    await page.locator('button.confirm').click();
    const taken = page.getByTestId('time-taken');
    await expect.poll(() => taken.textContent()).toContain('Время 11:00 уже заняли');
    expect(await taken.locator('[data-time]').allTextContents()).toEqual(['09:30', '09:45', '10:00', '12:00']);
    expect(await page.locator('input[name="first_name"]').inputValue()).toBe('Айжан');
    expect(await page.locator('textarea[name="notes"]').inputValue()).toBe('Покороче');
    await screenshot(page, 'first-week-taken-360');

    await taken.locator('[data-time="12:00"]').click();
    await expect.poll(() => page.getByTestId('time-changed').textContent()).toContain('12:00');
    await expect.poll(() => page.locator('.picked').textContent()).toContain('12:00');
    await page.locator('button.confirm').click();
    await page.locator('.success').waitFor();
    const list = await w.call({ method: 'GET', url: `/api/v1/bookings?date=${DAY}`, token: owner.token });
    expect(list.data.map((b: { start_at: string }) => b.start_at.slice(11, 16)).sort()).toEqual(['11:00', '12:00']);
  });

  it('a day off reads as one: contrast when selected, «выходной» at 12 px, the master does not work that day (ru, kk, en); tap targets of 40×40 px on every step', async () => {
    const { owner } = await salonWithMaster();
    const page = await openBookingPage(owner.business.slug);
    await page.locator('.contacts').waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    const saturday = page.locator(`[data-date="${SATURDAY}"]`);
    await expect.poll(() => saturday.getAttribute('data-state')).toBe('off');
    expect(await smallTargets(page)).toEqual([]);
    await saturday.click();
    await expect.poll(() => page.locator('.no-times').textContent()).toBe('Мастер в этот день не работает. Выберите другой день.');
    const selector = `[data-date="${SATURDAY}"]`;
    expect(await contrast(page, `${selector} .day-num`, selector)).toBeGreaterThanOrEqual(4.5);
    expect(await contrast(page, `${selector} .day-month`, selector)).toBeGreaterThanOrEqual(4.5);
    const size = await saturday.locator('.day-month').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
    await screenshot(page, 'first-week-day-off-360');
    await page.getByRole('button', { name: 'Қаз' }).click();
    await expect.poll(() => page.locator('.no-times').textContent()).toBe('Шебер бұл күні жұмыс істемейді. Басқа күнді таңдаңыз.');
    await page.getByRole('button', { name: 'Eng' }).click();
    await expect
      .poll(() => page.locator('.no-times').textContent())
      .toBe('The master does not work on this day. Please choose another day.');
    await page.getByRole('button', { name: 'Рус' }).click();

    await page.locator(`[data-date="${DAY}"]`).click();
    await page.locator('[data-time="11:00"]').click();
    await page.locator('input[name="first_name"]').waitFor();
    expect(await smallTargets(page)).toEqual([]);
  });
});
