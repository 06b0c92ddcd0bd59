/**
 * A salon's first week, as a client on a 360 px phone and a new owner at 360 and 1280 px:
 * the time checked again just before booking, a readable day off, tap targets of 40×40 px, the setup
 * card that tells only the truth and folds away, the link made from the name, the week opening on the
 * selected day. Screenshots test-results/first-week-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { book } from '../helpers/catalog.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

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
    Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, [role="option"]'))
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
    // The server's free_times (CONTRACT.md §19): up to 6, the nearest to 11:00, in time order.
    expect(await taken.locator('[data-time]').allTextContents()).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '12:00']);
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

describe("the owner's first steps", () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`${viewport.width}: the setup card tells the truth, counts what the owner did, offers the link from the name in one tap and folds away`, async () => {
      const owner = await registerBusiness(w, { business_name: `Барбершоп Арман ${viewport.width}` });
      const phoneSlug = owner.business.slug;
      const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        (await w.call({ method, url: `/api/v1${url}`, payload, token: owner.token })).data;
      const page = await browser.open(viewport, owner.token);
      await page.goto(`${w.baseUrl}/admin/calendar`);
      const card = page.getByTestId('onboarding');
      const step = (name: string) => card.locator(`li[data-step="${name}"]`);
      // On a phone the card starts as one line; one tap opens it.
      if (viewport === PHONE) await card.getByRole('button', { name: 'Показать' }).click();
      await expect
        .poll(() => page.getByTestId('onboarding-help').textContent())
        .toBe('Клиенты смогут записаться, когда появится мастер с рабочими часами.');
      // The registration's default week is not the owner's doing.
      await step('hours').waitFor();
      expect(await card.locator('li[data-step]').evaluateAll((els) => els.map((el) => el.getAttribute('data-step')))).toEqual([
        'master',
        'hours',
        'strict',
        'link',
        'telegram',
      ]);
      await api('POST', '/masters', { name: 'Арман', service_ids: [owner.service.id] });
      await page.reload();
      await expect
        .poll(() => page.getByTestId('onboarding-help').textContent())
        .toBe('Клиенты уже могут записываться по вашей ссылке. Эти шаги сделают запись надёжнее.');
      expect(await card.textContent()).not.toContain('не смогут');
      await screenshot(page, `first-week-setup-${viewport.width}`);

      await step('hours').getByRole('button', { name: 'Часы верны' }).click();
      await expect.poll(() => step('hours').count()).toBe(0);
      expect((await api('GET', '/business')).hours_saved).toBe(true);
      await step('strict')
        .getByRole('checkbox', { name: /Не записывать двоих к одному мастеру на одно время/ })
        .click();
      await expect.poll(() => step('strict').count()).toBe(0);
      expect((await api('GET', '/business')).strict_slots).toBe(true);

      const slug = `barbershop-arman-${viewport.width}`;
      await expect.poll(() => step('link').textContent()).toContain(`/${slug}`);
      await step('link').getByRole('button', { name: 'Взять эту ссылку' }).click();
      await expect.poll(() => page.getByTestId('top-public-link').textContent()).toBe(`127.0.0.1:${new URL(w.baseUrl).port}/${slug}`);
      await expect.poll(() => step('link').count()).toBe(0);
      expect((await api('GET', '/business')).slug).toBe(slug);
      // The phone link keeps answering (CONTRACT.md §11).
      expect((await w.call({ method: 'GET', url: `/api/v1/public/${phoneSlug}` })).data.slug).toBe(slug);
      await expect
        .poll(() => page.getByTestId('onboarding-done').textContent())
        .toBe('✓ Готово: мастер, часы работы, без двойных записей, ссылка');
      await page.getByTestId('public-link-bar').getByRole('button', { name: 'QR-код ссылки для записи' }).click();
      await page.getByTestId('public-link-qr').locator('svg').waitFor();

      // Folded away, and still folded after a reload.
      await card.getByRole('button', { name: 'Свернуть' }).click();
      await expect.poll(() => card.textContent()).toContain('Первые шаги: 4 из 5');
      await page.reload();
      await page.locator('.cal-col').first().waitFor();
      await expect.poll(() => card.getByRole('button', { name: 'Показать' }).count()).toBe(1);
      expect((await card.boundingBox())!.height).toBeLessThan(60);
      await card.getByRole('button', { name: 'Показать' }).click();

      // «Подключить Telegram» opens the Telegram part of Settings.
      await step('telegram').getByRole('button', { name: 'Подключить Telegram' }).click();
      const telegram = page.getByRole('heading', { name: 'Telegram', exact: true });
      await telegram.waitFor();
      await expect.poll(async () => (await telegram.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      await expect.poll(async () => (await telegram.boundingBox())!.y).toBeLessThan(viewport.height / 2);
    });
  }

  it("360: the card of a new salon leaves the day's calendar on the first screen", async () => {
    const owner = await registerBusiness(w);
    await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      payload: { name: 'Алия', service_ids: [owner.service.id] },
      token: owner.token,
    });
    const page = await browser.open(PHONE, owner.token);
    await page.goto(`${w.baseUrl}/admin/calendar`);
    const card = page.getByTestId('onboarding');
    await expect.poll(() => card.textContent()).toContain('Первые шаги: 1 из 5');
    await page.locator('.cal-col').first().waitFor();
    const calendarTop = (await page.locator('.cal').boundingBox())!.y;
    await screenshot(page, 'first-week-setup-first-screen-360');
    expect((await card.boundingBox())!.height).toBeLessThan(60);
    expect(calendarTop).toBeLessThan(PHONE.height * 0.6);
  });
});

describe('the week view', () => {
  it('opens on the selected day: at 1280 px with 2 masters the selected Friday is in view; on a phone the week starts at the selected day', async () => {
    const owner = await registerBusiness(w);
    for (const name of ['Алия', 'Дана'])
      await w.call({ method: 'POST', url: '/api/v1/masters', payload: { name, service_ids: [owner.service.id] }, token: owner.token });
    const laptop = await browser.open(LAPTOP, owner.token);
    await laptop.goto(`${w.baseUrl}/admin/calendar?view=week&date=2026-11-27`);
    const friday = laptop.locator('.cal-col[data-date="2026-11-27"]');
    await friday.first().waitFor();
    const cal = (await laptop.locator('.cal').boundingBox())!;
    for (const column of await friday.all()) {
      const box = (await column.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(cal.x + 50);
      expect(box.x + box.width).toBeLessThanOrEqual(cal.x + cal.width + 1);
    }
    await screenshot(laptop, 'first-week-week-1280');

    const phone = await browser.open(PHONE, owner.token);
    await phone.goto(`${w.baseUrl}/admin/calendar?view=week&date=2026-11-26`);
    await phone.locator('.cal-col').first().waitFor();
    const phoneCal = (await phone.locator('.cal').boundingBox())!;
    const thursday = (await phone.locator('.cal-day').nth(3).boundingBox())!;
    expect(Math.abs(thursday.x - (phoneCal.x + 56))).toBeLessThan(3);
    await screenshot(phone, 'first-week-week-360');
  });
});

describe('the smaller things of the first week', () => {
  it('1280: the master card leads to that schedule, the city survives a reload, a new service prefills only its 60 minutes, notes are named apart, a move says so, the dialog covers the screen', async () => {
    const { owner, master } = await salonWithMaster('Дана');
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/masters`);
    await page.getByTestId('master-schedule').click();
    await page.getByRole('heading', { name: 'Дана', level: 2 }).waitFor();
    expect(new URL(page.url()).search).toBe(`?master=${master}`);

    await page.goto(`${w.baseUrl}/admin/settings`);
    await expect.poll(() => page.locator('input[name="city"]').inputValue()).toBe('Алматы');
    expect(await page.locator('input[name="address"]').inputValue()).toBe('ул. Абая 10');

    await page.goto(`${w.baseUrl}/admin/services`);
    const price = page.locator('input[name="service_price"]');
    await price.waitFor();
    expect([await price.inputValue(), await page.locator('input[name="service_duration"]').inputValue()]).toEqual(['', '60']); // the duration a real 60, not a placeholder
    await price.click();
    await page.keyboard.type('3000');
    expect(await price.inputValue()).toBe('3000');

    const booked = await book(w, owner, { date: '2026-11-23', time: '15:00', master_id: master, notes: 'Без фена' });
    await page.goto(`${w.baseUrl}/admin/calendar?date=2026-11-23`);
    await page.locator(`[data-booking="${booked.id}"]`).click();
    const detail = page.getByRole('dialog', { name: 'Запись' });
    await expect.poll(() => detail.textContent()).toContain('Комментарий к записи');
    // The overlay covers the whole screen, its top edge included.
    expect(await page.evaluate(() => document.elementFromPoint(640, 1)?.closest('.modal-back') !== null)).toBe(true);
    expect(await page.locator('.modal-back').boundingBox()).toEqual({ x: 0, y: 0, width: LAPTOP.width, height: LAPTOP.height });
    await detail.getByRole('button', { name: 'Перенести' }).click();
    const times = detail.getByRole('group', { name: 'Свободное время' });
    await times.getByRole('button', { name: '16:00' }).click();
    await detail.getByRole('button', { name: 'Перенести', exact: true }).click();
    await detail.getByTestId('move-question').getByRole('button', { name: 'Да, перенести' }).click();
    await expect.poll(() => detail.getByTestId('moved-notice').textContent()).toContain('16:00');
    expect(await detail.textContent()).not.toContain('Переносов не предлагали');
    await screenshot(page, 'first-week-moved-1280');
  });

  it('360: the booking page offers «Добавить в Google Календарь» beside the .ics file', async () => {
    const { owner } = await salonWithMaster();
    const page = await openBookingPage(owner.business.slug);
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator(`[data-date="${DAY}"]`).click();
    await page.locator('[data-time="15:00"]').click();
    await page.locator('input[name="first_name"]').fill('Айжан');
    await page.locator('input[name="phone"]').fill('8 701 555 44 34');
    await page.locator('button.confirm').click();
    const google = page.getByRole('link', { name: 'Добавить в Google Календарь' });
    const url = new URL((await google.getAttribute('href'))!);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('dates')).toBe('20261124T150000/20261124T160000');
    expect(url.searchParams.get('ctz')).toBe('Asia/Almaty');
    expect(await smallTargets(page)).toEqual([]);
  });
});
