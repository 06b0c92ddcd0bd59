/**
 * The booking page as clients in Kazakhstan use it on a 360 px phone: the
 * phone typed key by key in every common way (8…, +7…, 7…, brackets), pasted,
 * fixed in the middle; the confirmation repeats the stored number with a way
 * back; Back, Forward and reload move through the steps with choices kept.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty
const DAY = '2026-11-24';
const w = useWebTest();

async function salonWith(masters: string[]): Promise<{ owner: RegisteredBusiness; masters: number[] }> {
  const owner = await registerBusiness(w);
  const ids: number[] = [];
  for (const name of masters) {
    const made = await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      payload: { name, service_ids: [owner.service.id] },
      token: owner.token,
    });
    expect(made.statusCode).toBe(201);
    ids.push(made.data.id);
  }
  return { owner, masters: ids };
}

async function openPage(slug: string): Promise<Page> {
  const { page } = await w.phone({ width: 360, height: 740 });
  await page.clock.setFixedTime(NOW);
  await page.goto(`${w.baseUrl}/${slug}`);
  return page;
}

/** Service (the salon's one master is picked by itself), the day, a time: the details step. */
async function toDetails(page: Page, owner: RegisteredBusiness, time: string): Promise<void> {
  await page.locator(`[data-service="${owner.service.id}"]`).click();
  await page.locator(`[data-date="${DAY}"]`).click();
  await page.locator(`[data-time="${time}"]`).click();
  await page.locator('input[name="first_name"]').fill('Айжан');
}

const phoneField = (page: Page) => page.locator('input[name="phone"]');

async function storedPhones(owner: RegisteredBusiness): Promise<Record<string, string>> {
  const list = await w.call({ method: 'GET', url: `/api/v1/bookings?date=${DAY}`, token: owner.token });
  return Object.fromEntries(
    list.data.map((b: { start_at: string; client: { phone: string } }) => [b.start_at.slice(11, 16), b.client.phone]),
  );
}

describe('the phone field, key by key', () => {
  const ways = [
    ['8 701 123 45 67', '09:00'],
    ['+7 701 123 45 67', '10:00'],
    ['87011234567', '11:00'],
    ['+7 (701) 123-45-67', '12:00'],
    ['7 701 123 45 67', '14:00'],
    ['701 123 45 67', '15:00'],
  ] as const;

  it('stores +7 701 123 45 67 however it is typed, and the confirmation repeats it', async () => {
    const { owner } = await salonWith(['Алия']);
    for (const [typed, time] of ways) {
      const page = await openPage(owner.business.slug);
      await toDetails(page, owner, time);
      await phoneField(page).click();
      await page.keyboard.type(typed, { delay: 15 });
      await page.locator('button.confirm').click();
      await page.locator('.success').waitFor();
      await expect.poll(() => page.locator('[data-fact="phone"]').textContent(), { message: typed }).toBe('+7 701 123 45 67');
      if (time === '09:00') await screenshot(page, 'booking-hands-confirmation');
      await page.context().close();
    }
    const phones = await storedPhones(owner);
    for (const [typed, time] of ways) expect(phones[time], typed).toBe('77011234567');
    // Six bookings typed key by key: 13 s alone, over 60 s beside the suite on a slow 2-core machine.
  }, 150_000);

  it('pasted from the clipboard in the usual written form', async () => {
    const { owner } = await salonWith(['Алия']);
    const page = await openPage(owner.business.slug);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await toDetails(page, owner, '16:00');
    await page.evaluate(() => navigator.clipboard.writeText('8 (701) 123-45-67'));
    await phoneField(page).click();
    await page.keyboard.press('Control+V');
    await expect.poll(() => phoneField(page).inputValue()).toBe('8 (701) 123-45-67');
    await page.locator('button.confirm').click();
    await page.locator('.success').waitFor();
    expect((await storedPhones(owner))['16:00']).toBe('77011234567');
  });

  it('a wrong digit fixed in the middle, and Backspace over a bracket, keep the number right', async () => {
    const { owner } = await salonWith(['Алия']);
    const page = await openPage(owner.business.slug);
    await toDetails(page, owner, '17:00');
    await phoneField(page).click();
    await page.keyboard.type('8 701 128 45 67', { delay: 15 });
    await expect.poll(() => phoneField(page).inputValue()).toBe('8 (701) 128-45-67');
    for (let i = 0; i < '-45-67'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');
    await expect.poll(() => phoneField(page).inputValue()).toBe('8 (701) 123-45-67');
    // Backspace just after ") " takes the digit before the bracket; typing it again restores the number.
    await page.keyboard.press('Home');
    for (let i = 0; i < '8 (701) '.length; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Backspace');
    await expect.poll(() => phoneField(page).inputValue()).toBe('8 (701) 234-56-7');
    await page.keyboard.type('1');
    await expect.poll(() => phoneField(page).inputValue()).toBe('8 (701) 123-45-67');
    await page.locator('button.confirm').click();
    await page.locator('.success').waitFor();
    expect((await storedPhones(owner))['17:00']).toBe('77011234567');
  });

  it('"Не ваш номер?" goes back to the details with everything kept, and books with the right one', async () => {
    const { owner } = await salonWith(['Алия']);
    const page = await openPage(owner.business.slug);
    await toDetails(page, owner, '12:00');
    await phoneField(page).click();
    await page.keyboard.type('8 701 999 00 11', { delay: 15 });
    await page.locator('button.confirm').click();
    await page.locator('[data-fact="phone"]').getByText('+7 701 999 00 11').waitFor();
    await page.getByText('Не ваш номер?').click();
    await page.getByRole('button', { name: 'Исправить номер' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
    await expect.poll(() => page.locator('input[name="first_name"]').inputValue()).toBe('Айжан');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('+7 702 555 66 77', { delay: 15 });
    await page.locator('button.confirm').click();
    await page.locator('[data-fact="phone"]').getByText('+7 702 555 66 77').waitFor();
    await expect.poll(() => page.locator('[data-fact="time"]').textContent()).toBe('12:00');
  });
});

describe('Back, Forward and reload', () => {
  it('each step is a history entry: Back goes one step back with the choices kept, a reload keeps the step', async () => {
    const { owner, masters } = await salonWith(['Алия', 'Дана']);
    const page = await openPage(owner.business.slug);
    const heading = () => page.locator('.step-head h2').textContent();
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator(`[data-master="${masters[1]}"]`).click();
    await page.locator(`[data-date="${DAY}"]`).click();
    await page.locator('[data-time="10:00"]').click();
    await page.locator('input[name="first_name"]').fill('Асель');
    await phoneField(page).click();
    await page.keyboard.type('8 777 123 45 67', { delay: 15 });

    await page.goBack();
    await expect.poll(heading).toBe('Выберите дату и время');
    await expect.poll(() => page.locator(`[data-date="${DAY}"]`).getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await expect.poll(heading).toBe('Выберите мастера');
    await page.goBack();
    await expect.poll(() => page.locator('main').getAttribute('data-step')).toBe('service');
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await expect.poll(heading).toBe('Ваши данные');
    await expect.poll(() => page.locator('input[name="first_name"]').inputValue()).toBe('Асель');

    await page.reload();
    await expect.poll(heading).toBe('Ваши данные');
    await expect.poll(() => page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
    await expect.poll(() => phoneField(page).inputValue()).toBe('8 (777) 123-45-67');
    await expect.poll(() => page.locator('.picked').textContent()).toContain('Дана');
    await screenshot(page, 'booking-hands-after-reload');

    // The page's own "Назад" is the same Back.
    await page.locator('button.back').click();
    await expect.poll(heading).toBe('Выберите дату и время');
    await page.locator('[data-time="10:00"]').click();
    await page.locator('button.confirm').click();
    await page.locator('.success').waitFor();
    // Back from the confirmation never lands on the filled form that would book twice.
    await page.goBack();
    await expect.poll(heading).toBe('Выберите дату и время');
    expect((await storedPhones(owner))['10:00']).toBe('77771234567');
  });
});
