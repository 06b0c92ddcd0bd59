/**
 * CONTRACT.md §16 in the panel, with the bot on (a local fake Telegram): a master's card connects the
 * master's Telegram (link and QR, linked, a new link, disconnect); Settings has the "masters may
 * decide" switch; the bot's /panel link logs the master into their own day at 360 px, with no owner
 * menus, confirming a booking only when allowed; a used link does not log in again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../helpers/fake-telegram.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { DAY, LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };

const fake = useFakeTelegram();
const w = useWebTest({ env: botEnv(fake) });
const browser = usePanelBrowser(w, 'admin-masters-access', 'admin_token');

async function webhook(update: unknown): Promise<void> {
  const response = await w.call({
    method: 'POST',
    url: '/api/v1/messenger/webhook',
    payload: update as object,
    headers: { 'x-telegram-bot-api-secret-token': w.app.ctx.config.telegramWebhookSecret },
  });
  expect(response.statusCode).toBe(200);
}

let owner: RegisteredBusiness;
let masterId: number;
const masterChat = 720_000_001;
beforeAll(async () => {
  owner = await registerBusiness(w, { business_name: 'Студия «Лотос»' });
  const master = await w.call({
    method: 'POST',
    url: '/api/v1/masters',
    token: owner.token,
    payload: { name: 'Динара', service_ids: [owner.service.id] },
  });
  masterId = master.data.id;
});

describe("the owner's side", () => {
  it("connects a master's Telegram from the master's card, and the switch in Settings saves", async () => {
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/masters`);
    await page.getByTestId(`master-telegram-open-${masterId}`).click();
    const status = page.getByTestId('master-telegram-status');
    await expect.poll(() => status.textContent()).toBe('Telegram не подключён');
    await page.locator(`[data-testid="master-telegram-${masterId}"] .qr svg`).waitFor();
    const url = await page.getByTestId('master-telegram-url').textContent();
    expect(url).toMatch(new RegExp(`\\?start=master_${masterId}_[A-Za-z0-9_-]{24}$`));
    await webhook(messageUpdate(masterChat, `/start ${url!.split('start=')[1]}`));
    await page.getByRole('button', { name: 'Новая ссылка' }).click();
    await expect.poll(() => status.textContent()).toBe('Telegram подключён');
    await expect.poll(() => page.getByTestId('master-telegram-url').textContent()).not.toBe(url);
    await screenshot(page, 'admin-masters-access-card');

    await page.goto(`${w.baseUrl}/admin/settings`);
    const decide = page.getByRole('checkbox', { name: 'Мастера могут сами подтверждать и переносить записи' });
    expect(await decide.isChecked()).toBe(false);
    await decide.check();
    await page.getByRole('status').filter({ hasText: 'Сохранено' }).waitFor();
    const business = await w.call({ method: 'GET', url: '/api/v1/business', token: owner.token });
    expect(business.data.masters_can_decide).toBe(true);
  });
});

describe("the master's side", () => {
  it("logs in once through /panel and shows only the master's day at 360 px, confirming when allowed", async () => {
    const booking = await w.call({
      method: 'POST',
      url: `/api/v1/public/${owner.business.slug}/booking`,
      payload: { service_id: owner.service.id, master_id: masterId, date: DAY, time: '15:00', first_name: 'Алия', phone: '+77015550101' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    fake.reset();
    await webhook(messageUpdate(masterChat, '/panel'));
    const link = /https?:\S+#master=[0-9a-f]+/.exec(fake.textsTo(masterChat).join('\n'))![0];
    const path = link.slice(link.indexOf('/admin'));

    const page = await browser.open(PHONE);
    await page.goto(`${w.baseUrl}${path}`);
    const day = page.getByTestId('master-day');
    await day.waitFor();
    expect(await page.locator('nav.side').count()).toBe(0);
    const item = page.getByTestId('master-booking');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('Алия');
    expect(page.url()).not.toContain('#master=');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await item.getByRole('button', { name: 'Подтвердить' }).click();
    await expect
      .poll(async () => (await w.call({ method: 'GET', url: `/api/v1/bookings/${booking.data.id}`, token: owner.token })).data.status)
      .toBe('confirmed');
    await screenshot(page, 'admin-masters-access-day-360');

    const again = await browser.open(PHONE);
    await again.goto(`${w.baseUrl}${path}`);
    await again.getByTestId('master-login-failed').waitFor();
  });
});
