/**
 * CONTRACT.md §11 in the provider panel, with the bot on (a local fake
 * Telegram): Settings shows the secret link with its QR code, renews it and
 * disconnects the chat (the panel carries on with the fresh token the answer
 * hands back); the password is changed from Settings and recovered from the
 * login screen through the linked chat. Screenshots at 1280x800 and 360x740
 * (test-results/admin-trust-*.png).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../helpers/fake-telegram.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };
const PASSWORD = 'correct horse battery';

const fake = useFakeTelegram();
const w = useWebTest({ env: botEnv(fake) });
const browser = usePanelBrowser(w, 'admin-trust', 'admin_token');

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  w.call({ method, url: `/api/v1${url}`, token, payload });

/** Posts an update as Telegram would, with the secret set-webhook registered. */
async function webhook(update: unknown): Promise<void> {
  const response = await w.call({
    method: 'POST',
    url: '/api/v1/messenger/webhook',
    payload: update as object,
    headers: { 'x-telegram-bot-api-secret-token': w.app.ctx.config.telegramWebhookSecret },
  });
  expect(response.statusCode).toBe(200);
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('admin_token'));
const shownUrl = (page: Page) => page.getByTestId('telegram-url').textContent();
let chats = 710_000_000;

/** Scrolls a card's title to just below the top (the phone's sticky menu would cover it) for a screenshot. */
const showCard = (page: Page, title: string) =>
  page
    .getByRole('heading', { name: title })
    .evaluate((heading) => window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - 80, behavior: 'instant' }));

describe('Settings → Telegram', () => {
  let owner: RegisteredBusiness;
  beforeAll(async () => {
    owner = await registerBusiness(w, { business_name: 'Студия «Лотос»' });
  });

  it('shows the secret link with its QR code, renews it after a confirmation, links through it and disconnects', async () => {
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/settings`);
    const status = page.getByTestId('telegram-status');
    await expect.poll(() => status.textContent()).toBe('Telegram ещё не подключён.');
    await page.locator('.qr svg').waitFor();
    const first = (await call('GET', '/business/telegram', owner.token)).data;
    expect(first.start_param).toMatch(new RegExp(`^provider_${owner.business.id}_[A-Za-z0-9_-]{16,}$`));
    await expect.poll(() => shownUrl(page)).toBe(first.url);
    await expect.poll(() => page.getByTestId('telegram-link').getAttribute('href')).toBe(first.url);
    // no "Отключить" while nothing is linked
    await expect.poll(() => page.getByRole('button', { name: 'Отключить Telegram' }).count()).toBe(0);
    await showCard(page, 'Telegram');
    await screenshot(page, 'admin-trust-telegram-1280');

    // "Новая ссылка" asks first; "Отмена" changes nothing
    await page.getByRole('button', { name: 'Новая ссылка' }).click();
    const confirm = page.getByTestId('telegram-confirm');
    await confirm.getByText('Старая ссылка и QR-код перестанут работать').waitFor();
    await screenshot(page, 'admin-trust-telegram-rotate-1280');
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect((await call('GET', '/business/telegram', owner.token)).data.start_param).toBe(first.start_param);

    await page.getByRole('button', { name: 'Новая ссылка' }).click();
    await confirm.getByRole('button', { name: 'Да, новая ссылка' }).click();
    await page.getByRole('status').getByText('Ссылка обновлена').waitFor();
    const second = (await call('GET', '/business/telegram', owner.token)).data;
    expect(second.start_param).not.toBe(first.start_param);
    await expect.poll(() => shownUrl(page)).toBe(second.url);

    // the old link links nothing; the shown one does
    const chat = (chats += 1);
    await webhook(messageUpdate(chat, `/start ${first.start_param}`));
    await page.reload();
    await expect.poll(() => status.textContent()).toBe('Telegram ещё не подключён.');
    const used = (await shownUrl(page))!;
    await webhook(messageUpdate(chat, `/start ${new URL(used).searchParams.get('start')}`));
    // No reload: the panel asks again by itself and shows "linked" with the new link (the used one links once).
    await status.getByText('Telegram подключён: уведомления приходят в чат.').waitFor({ timeout: 10_000 });
    await expect.poll(() => shownUrl(page)).not.toBe(used);
    expect(await shownUrl(page)).toBe((await call('GET', '/business/telegram', owner.token)).data.url);
    await showCard(page, 'Telegram');
    await screenshot(page, 'admin-trust-telegram-linked-1280');

    // disconnecting asks, then ends every earlier token: the panel goes on with the fresh one
    const before = await storedToken(page);
    await page.getByRole('button', { name: 'Отключить Telegram' }).click();
    await confirm.getByText('Уведомления перестанут приходить в чат').waitFor();
    await screenshot(page, 'admin-trust-telegram-unlink-1280');
    await confirm.getByRole('button', { name: 'Да, отключить' }).click();
    await page.getByRole('status').getByText('Telegram отключён.').waitFor();
    await expect.poll(() => status.textContent()).toBe('Telegram ещё не подключён.');
    const after = await storedToken(page);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    owner.token = after!;
    expect((await call('GET', '/auth/me', before!)).statusCode).toBe(401);
    expect((await call('GET', '/business', after!)).data.messenger_chat_id).toBeNull();
    expect(fake.textsTo(chat).length).toBeGreaterThan(0);

    // still logged in: another page loads with the fresh token
    await page.getByRole('link', { name: 'Услуги' }).click();
    await page.getByRole('heading', { level: 1, name: 'Услуги' }).waitFor();
    await page.getByRole('link', { name: 'Настройки' }).click();
    await expect.poll(() => status.textContent()).toBe('Telegram ещё не подключён.');
  });

  it('looks right on a phone', async () => {
    const page = await browser.open(PHONE, owner.token);
    await page.goto(`${w.baseUrl}/admin/settings`);
    await page.locator('.qr svg').waitFor();
    await showCard(page, 'Telegram');
    await screenshot(page, 'admin-trust-telegram-360');
    await showCard(page, 'Сменить пароль');
    await screenshot(page, 'admin-trust-password-360');
    // nothing sticks out sideways
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe('passwords', () => {
  it('changes the password in Settings: a wrong current one is shown at its field, then earlier tokens end', async () => {
    const owner = await registerBusiness(w);
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/settings`);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Сменить пароль' }) });
    await form.getByLabel('Текущий пароль').fill('not my password');
    await form.getByLabel('Новый пароль', { exact: true }).fill('a brand new secret');
    await form.getByLabel('Повторите новый пароль').fill('a brand new secreT');
    await form.getByRole('button', { name: 'Сменить пароль' }).click();
    await form.getByText('Пароли не совпадают').waitFor();
    await form.getByLabel('Повторите новый пароль').fill('a brand new secret');
    await form.getByRole('button', { name: 'Сменить пароль' }).click();
    await form.getByText('Неверный текущий пароль').waitFor();
    await expect.poll(() => form.getByLabel('Текущий пароль').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'admin-trust-password-error-1280');
    expect((await call('GET', '/auth/me', owner.token)).statusCode).toBe(200);

    await form.getByLabel('Текущий пароль').fill(PASSWORD);
    await form.getByRole('button', { name: 'Сменить пароль' }).click();
    await form.getByRole('status').getByText('Пароль изменён').waitFor();
    await screenshot(page, 'admin-trust-password-1280');
    const fresh = await storedToken(page);
    expect(fresh).not.toBe(owner.token);
    expect((await call('GET', '/auth/me', owner.token)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', fresh!)).statusCode).toBe(200);
    // the panel itself carries on
    await page.getByRole('link', { name: 'Клиенты' }).click();
    await page.getByRole('heading', { level: 1, name: 'Клиенты' }).waitFor();

    const login = await browser.open(LAPTOP);
    await login.goto(`${w.baseUrl}/admin/login`);
    await login.getByLabel('Email').fill(owner.user.email);
    await login.getByLabel('Пароль').fill(PASSWORD);
    await login.getByRole('button', { name: 'Войти' }).click();
    await login.getByText('Неверный email или пароль').waitFor();
    await login.getByLabel('Пароль').fill('a brand new secret');
    await login.getByRole('button', { name: 'Войти' }).click();
    await login.getByRole('heading', { name: 'Календарь' }).waitFor();
  });

  it('recovers a forgotten password from the login screen through the linked chat', async () => {
    const owner = await registerBusiness(w);
    const chat = (chats += 1);
    await webhook(messageUpdate(chat, `/start ${(await call('GET', '/business/telegram', owner.token)).data.start_param}`));

    const page = await browser.open(PHONE);
    await page.goto(`${w.baseUrl}/admin/login`);
    await page.getByLabel('Email').fill(owner.user.email);
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await page.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(owner.user.email);
    await screenshot(page, 'admin-trust-forgot-360');
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page
      .getByTestId('reset-requested')
      .getByText('Если email зарегистрирован и Telegram подключён, ссылка отправлена в Telegram')
      .waitFor();
    await screenshot(page, 'admin-trust-forgot-sent-360');

    // an unknown email gets the very same answer
    const other = await browser.open(LAPTOP);
    await other.goto(`${w.baseUrl}/admin/login`);
    await other.getByRole('link', { name: 'Забыли пароль?' }).click();
    await other.getByLabel('Email').fill('nobody@example.kz');
    await other.getByRole('button', { name: 'Отправить ссылку' }).click();
    await other.getByTestId('reset-requested').waitFor();
    await screenshot(other, 'admin-trust-forgot-sent-1280');
    await other.getByRole('link', { name: 'Вернуться ко входу' }).click();
    await other.getByRole('heading', { name: 'Вход в кабинет салона' }).waitFor();

    await expect.poll(() => fake.textsTo(chat).find((text) => text.includes('#reset='))).toBeTruthy();
    const link = fake.textsTo(chat).find((text) => text.includes('#reset='))!;
    const token = /#reset=([A-Za-z0-9_-]+)/.exec(link)![1]!;

    await page.goto(`${w.baseUrl}/admin#reset=${token}`);
    await page.getByRole('heading', { name: 'Новый пароль' }).waitFor();
    await page.getByLabel('Новый пароль', { exact: true }).fill('remembered at last');
    await page.getByLabel('Повторите новый пароль').fill('remembered at lost');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Пароли не совпадают').waitFor(); // caught before the token is spent
    await page.getByLabel('Повторите новый пароль').fill('remembered at last');
    await screenshot(page, 'admin-trust-reset-360');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByRole('heading', { name: 'Календарь' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe('/admin/calendar');
    const fresh = await storedToken(page);
    expect((await call('GET', '/auth/me', fresh!)).data.user.email).toBe(owner.user.email);
    expect((await call('GET', '/auth/me', owner.token)).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', undefined, { email: owner.user.email, password: 'remembered at last' })).statusCode).toBe(
      200,
    );

    // the link works once: opened again it says so and leads back to the login
    const again = await browser.open(LAPTOP);
    await again.goto(`${w.baseUrl}/admin#reset=${token}`);
    await again.getByLabel('Новый пароль', { exact: true }).fill('another new secret');
    await again.getByLabel('Повторите новый пароль').fill('another new secret');
    await again.getByRole('button', { name: 'Сохранить пароль' }).click();
    await again.getByTestId('reset-invalid').getByText('Ссылка недействительна или устарела').waitFor();
    await screenshot(again, 'admin-trust-reset-invalid-1280');
    await again.getByRole('link', { name: 'Вернуться ко входу' }).click();
    await again.getByRole('heading', { name: 'Вход в кабинет салона' }).waitFor();
    expect(new URL(again.url()).hash).toBe('');
  });
});
