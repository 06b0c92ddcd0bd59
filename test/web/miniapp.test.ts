/**
 * /app in chromium with a stub Telegram.WebApp (the real script is routed to
 * an empty one) carrying initData signed with the test bot token: a customer
 * books through the same flow with Telegram's MainButton and BackButton, and
 * the provider confirms the booking from the day's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInitData } from '../../src/modules/identity/init-data.js';
import { registerBusiness } from '../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../helpers/fake-telegram.js';
import { json, startFakeServer, type FakeServer } from '../helpers/fake-http.js';
import { screenshot, useWebTest } from '../helpers/web.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty
const fake = useFakeTelegram();
// Captcha is on (registration passes it); the mini app's signed initData must stand in for it on the booking.
let verifier: FakeServer;
beforeAll(async () => {
  verifier = await startFakeServer(json(200, { success: true }));
});
afterAll(() => verifier.close());
const w = useWebTest({
  env: () => ({
    ...botEnv(fake)(),
    CAPTCHA_SECRET: 'secret',
    CAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify`,
  }),
});

const THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  link_color: '#6ab3f3',
};

function signedInitData(user: { id: number; first_name: string }, startParam: string): string {
  const params = new URLSearchParams({
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    auth_date: String(w.app.ctx.time.unixSeconds()),
    start_param: startParam,
  });
  params.set('hash', signInitData(params, botToken()));
  return params.toString();
}

const botToken = (): string => w.config.botToken!;

interface StubState {
  main: { text: string; visible: boolean; active: boolean; progress: boolean };
  backVisible: boolean;
  opened: string[];
  /** Texts shown through Telegram.WebApp.showConfirm, and what the next one answers. */
  confirms: string[];
  confirmAnswer: boolean;
}

/** Telegram.WebApp as the page sees it inside Telegram; window.__tg drives and records it. */
async function openMiniApp(
  initData: string,
  user: { id: number; first_name: string },
  startParam: string,
  prepare: (page: Page) => Promise<void> = async () => undefined,
): Promise<Page> {
  const { page } = await w.phone();
  await page.clock.setFixedTime(NOW);
  await page.route('https://telegram.org/js/telegram-web-app.js', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  await page.addInitScript(
    ({ initData, user, startParam, theme }) => {
      const state = {
        main: { text: '', visible: false, active: true, progress: false },
        backVisible: false,
        opened: [] as string[],
        confirms: [] as string[],
        confirmAnswer: true,
      };
      const handlers = { main: new Set<() => void>(), back: new Set<() => void>() };
      const button = (kind: 'main' | 'back') => {
        const self: Record<string, unknown> = {
          setText: (text: string) => ((state.main.text = text), self),
          show: () => (kind === 'main' ? (state.main.visible = true) : (state.backVisible = true), self),
          hide: () => (kind === 'main' ? (state.main.visible = false) : (state.backVisible = false), self),
          enable: () => ((state.main.active = true), self),
          disable: () => ((state.main.active = false), self),
          showProgress: () => ((state.main.progress = true), self),
          hideProgress: () => ((state.main.progress = false), self),
          onClick: (fn: () => void) => (handlers[kind].add(fn), self),
          offClick: (fn: () => void) => (handlers[kind].delete(fn), self),
        };
        return self;
      };
      (window as any).Telegram = {
        WebApp: {
          initData,
          initDataUnsafe: { user, start_param: startParam, auth_date: 0, hash: '' },
          themeParams: theme,
          colorScheme: 'dark',
          MainButton: button('main'),
          BackButton: button('back'),
          ready: () => undefined,
          expand: () => undefined,
          onEvent: () => undefined,
          openTelegramLink: (url: string) => state.opened.push(url),
          showConfirm: (text: string, callback: (ok: boolean) => void) => {
            state.confirms.push(text);
            setTimeout(() => callback(state.confirmAnswer), 0);
          },
        },
      };
      (window as any).__tg = {
        state,
        clickMain: () => state.main.visible && state.main.active && handlers.main.forEach((fn) => fn()),
        clickBack: () => state.backVisible && handlers.back.forEach((fn) => fn()),
      };
    },
    { initData, user, startParam, theme: THEME },
  );
  await prepare(page);
  await page.goto(`${w.baseUrl}/app#tgWebAppStartParam=${startParam}`);
  return page;
}

const stub = (page: Page) => page.evaluate(() => (window as any).__tg.state as StubState);

/** The owner links the bot as Telegram would deliver it: the panel's link (/start provider_<id>_<code>), with the webhook secret. */
async function linkProvider(ownerToken: string, telegramId: number): Promise<void> {
  const { start_param } = (await w.call({ method: 'GET', url: '/api/v1/business/telegram', token: ownerToken })).data;
  const linked = await w.call({
    method: 'POST',
    url: '/api/v1/messenger/webhook',
    payload: messageUpdate(telegramId, `/start ${start_param}`),
    headers: { 'x-telegram-bot-api-secret-token': w.app.ctx.config.telegramWebhookSecret },
  });
  expect(linked.statusCode).toBe(200);
}

describe('mini app /app', () => {
  it('a customer books through the booking flow; the provider confirms it from the day list', async () => {
    const owner = await registerBusiness(w, { captcha_token: 'passed' });
    const verifications = verifier.requests.length;
    const master = await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      token: owner.token,
      payload: { name: 'Алия', service_ids: [owner.service.id] },
    });
    const slug = owner.business.slug;
    const customer = { id: 700_000_000 + Math.floor(Math.random() * 1e8), first_name: 'Асель' };
    const logins: string[] = [];
    const page = await openMiniApp(signedInitData(customer, slug), customer, slug, async (tab) => {
      tab.on('request', (request) => request.url().endsWith('/api/v1/auth/messenger') && logins.push(request.url()));
    });

    await expect.poll(() => page.locator('h1').textContent()).toBe('Салон «Ажар»');
    // Telegram's colours: the page background is the theme's secondary background.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 22, 33)');
    await screenshot(page, 'miniapp-1-services');
    expect((await stub(page)).backVisible).toBe(false);

    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator('[data-date="2026-11-24"]').waitFor(); // one master: straight to the date
    await expect.poll(async () => (await stub(page)).backVisible).toBe(true);
    await page.evaluate(() => (window as any).__tg.clickBack());
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator('[data-date="2026-11-24"]').click();
    await page.locator('[data-time="10:00"]').click();
    await expect.poll(() => page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
    await expect.poll(() => page.locator('button.confirm').count()).toBe(0); // MainButton confirms instead
    // The MainButton is driven from an effect, which runs after the render that shows the form.
    await expect.poll(async () => (await stub(page)).main).toMatchObject({ text: 'Записаться', visible: true });
    await page.locator('input[name="phone"]').fill('7017778899');
    await screenshot(page, 'miniapp-2-details');

    // The last digit and the press in one go, as a quick thumb on a slow phone: the press lands after the
    // digit renders but before the effects run, and must still read the whole phone.
    await page.locator('input[name="phone"]').fill('701777889');
    const booked = page.waitForRequest((request) => request.url().includes('/booking') && request.method() === 'POST', { timeout: 5_000 });
    await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('input[name="phone"]')!;
      input.value += '9';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await Promise.resolve(); // the render (a microtask), not yet the effects (after the next frame)
      (window as any).__tg.clickMain();
    });
    const bookingRequest = await booked;
    expect(bookingRequest.headers()['x-telegram-init-data']).toContain('hash=');
    // CONTRACT.md §19: the mini app books only a free time, at the price it showed.
    expect(bookingRequest.postDataJSON()).toMatchObject({ if_free: true, max_price: 5000, master_id: master.data.id });
    await page.locator('.success').waitFor();
    await screenshot(page, 'miniapp-3-success');
    await expect.poll(async () => (await stub(page)).main.visible).toBe(false);
    const state = await stub(page);
    expect(state.opened).toHaveLength(1);
    expect(state.opened[0]).toMatch(/^https:\/\/t\.me\/booking_test_bot\?start=client_[0-9a-f-]{36}$/);
    expect(logins).toHaveLength(1);
    expect(verifier.requests.length).toBe(verifications); // no captcha check for the mini app's booking
    await page.locator('a.telegram').click(); // inside Telegram the button opens the bot, not a browser tab
    expect((await stub(page)).opened).toEqual([state.opened[0], state.opened[0]]);

    const list = await w.call({ method: 'GET', url: '/api/v1/bookings?date=2026-11-24', token: owner.token });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      status: 'pending',
      start_at: '2026-11-24T10:00:00',
      master: { id: master.data.id },
      client: { phone: '77017778899', first_name: 'Асель' },
    });
    const bookingId: string = list.data[0].id;

    // The owner links the bot with the panel's link (/start provider_<id>_<code>) and opens the mini app: the provider view.
    const providerId = customer.id + 1;
    await linkProvider(owner.token, providerId);
    const provider = { id: providerId, first_name: 'Айгерим' };
    // The first list request answers 401 (an expired token): the app logs in again and retries.
    const providerLogins: string[] = [];
    const panel = await openMiniApp(signedInitData(provider, slug), provider, slug, async (page) => {
      let refused = false;
      await page.route('**/api/v1/bookings?date=*', (route) => {
        if (refused) return route.continue();
        refused = true;
        return route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Token expired"}' });
      });
      page.on('request', (request) => request.url().endsWith('/api/v1/auth/messenger') && providerLogins.push(request.url()));
    });
    const row = panel.locator(`[data-booking="${bookingId}"]`);
    await row.waitFor();
    expect(providerLogins).toHaveLength(2);
    await expect.poll(() => panel.locator('[data-day="2026-11-24"] h2').textContent()).toContain('Завтра');
    await expect.poll(() => row.getAttribute('data-status')).toBe('pending');
    await screenshot(panel, 'miniapp-4-provider');
    await row.locator('[data-action="confirmed"]').click();
    await panel.locator(`[data-booking="${bookingId}"][data-status="confirmed"]`).waitFor();
    await screenshot(panel, 'miniapp-5-provider-confirmed');
    const after = await w.call({ method: 'GET', url: `/api/v1/bookings/${bookingId}`, token: owner.token });
    expect(after.data.status).toBe('confirmed');
    expect((await stub(panel)).main.visible).toBe(false);
  });

  it('a customer books a visit of two services with the MainButton: the initData stands in for the captcha (CONTRACT.md §20)', async () => {
    const owner = await registerBusiness(w, { captcha_token: 'passed' });
    const verifications = verifier.requests.length;
    const beard = await w.call({
      method: 'POST',
      url: '/api/v1/services',
      token: owner.token,
      payload: { name: 'Борода', duration: 10, price: 2000 },
    });
    await w.call({ method: 'POST', url: '/api/v1/masters', token: owner.token, payload: { name: 'Алия' } });
    const slug = owner.business.slug;
    const customer = { id: 710_000_000 + Math.floor(Math.random() * 1e7), first_name: 'Асель' };
    const page = await openMiniApp(signedInitData(customer, slug), customer, slug);
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator('[data-add-service]').click();
    await page.locator(`[data-service="${beard.data.id}"]`).click();
    await page.locator('[data-date="2026-11-24"]').click();
    await page.locator('[data-time="10:00"]').click();
    await expect.poll(() => page.locator('input[name="first_name"]').inputValue()).toBe('Асель');
    await page.locator('input[name="phone"]').click();
    await page.keyboard.type('8 701 777 88 99', { delay: 10 });
    await expect.poll(async () => (await stub(page)).main).toMatchObject({ text: 'Записаться', visible: true });
    await expect.poll(() => page.locator('.visit-item [data-fact="time"]').allTextContents()).toEqual(['10:00 ', '11:00 ']);
    await screenshot(page, 'miniapp-visit-details');
    const sent = page.waitForRequest((request) => request.url().endsWith('/visits') && request.method() === 'POST');
    await page.evaluate(() => (window as any).__tg.clickMain());
    const request = await sent;
    expect(request.headers()['x-telegram-init-data']).toContain('hash=');
    expect(request.postDataJSON()).toMatchObject({
      max_price: 7000,
      items: [{ service_id: owner.service.id }, { service_id: beard.data.id }],
    });
    await page.locator('.success').waitFor();
    expect(await page.locator('.visit-done li').count()).toBe(2);
    expect(verifier.requests.length).toBe(verifications);
    expect((await stub(page)).opened[0]).toMatch(/^https:\/\/t\.me\/booking_test_bot\?start=client_/);
    const list = await w.call({ method: 'GET', url: '/api/v1/bookings?date=2026-11-24', token: owner.token });
    expect((list.data as { visit_id: string | null }[]).map((b) => b.visit_id !== null)).toEqual([true, true]);
  });

  it("the provider's Отменить asks through Telegram.WebApp.showConfirm (window.confirm only as a fallback)", async () => {
    const owner = await registerBusiness(w, { captcha_token: 'passed' });
    const master = await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      token: owner.token,
      payload: { name: 'Алия', service_ids: [owner.service.id] },
    });
    const made = await w.call({
      method: 'POST',
      url: '/api/v1/bookings',
      token: owner.token,
      payload: {
        service_id: owner.service.id,
        master_id: master.data.id,
        date: '2026-11-24',
        time: '12:00',
        first_name: 'Ерлан',
        phone: '+7 701 222 33 44',
      },
    });
    expect(made.statusCode).toBe(201);
    const providerId = 600_000_000 + Math.floor(Math.random() * 1e8);
    await linkProvider(owner.token, providerId);
    const provider = { id: providerId, first_name: 'Айгерим' };
    const dialogs: string[] = [];
    const panel = await openMiniApp(signedInitData(provider, owner.business.slug), provider, owner.business.slug, async (page) => {
      page.on('dialog', (dialog) => (dialogs.push(dialog.message()), void dialog.dismiss()));
    });
    const row = panel.locator(`[data-booking="${made.data.id}"]`);
    await row.waitFor();
    // Tomorrow's booking cannot be completed yet.
    await expect.poll(() => row.locator('[data-action="completed"]').count()).toBe(0);
    await panel.evaluate(() => ((window as any).__tg.state.confirmAnswer = false));
    await row.locator('[data-action="cancelled"]').click();
    await expect
      .poll(async () => (await stub(panel)).confirms)
      .toEqual(['Отменить запись? Клиент получит сообщение в Telegram, только если подключил бота; иначе позвоните ему.']);
    await panel.waitForTimeout(200);
    expect((await w.call({ method: 'GET', url: `/api/v1/bookings/${made.data.id}`, token: owner.token })).data.status).toBe('confirmed');
    await panel.evaluate(() => ((window as any).__tg.state.confirmAnswer = true));
    await row.locator('[data-action="cancelled"]').click();
    await panel.locator(`[data-booking="${made.data.id}"][data-status="cancelled"]`).waitFor();
    expect(dialogs).toEqual([]);

    // A Telegram client without showConfirm: the browser's confirm, and "no" keeps the booking.
    await w.call({ method: 'PATCH', url: `/api/v1/bookings/${made.data.id}`, token: owner.token, payload: { status: 'confirmed' } });
    const old = await openMiniApp(signedInitData(provider, owner.business.slug), provider, owner.business.slug, async (page) => {
      await page.addInitScript(() => delete (window as any).Telegram.WebApp.showConfirm);
      page.on('dialog', (dialog) => (dialogs.push(dialog.message()), void dialog.dismiss()));
    });
    await old.locator(`[data-booking="${made.data.id}"] [data-action="cancelled"]`).click();
    await expect
      .poll(() => dialogs)
      .toEqual(['Отменить запись? Клиент получит сообщение в Telegram, только если подключил бота; иначе позвоните ему.']);
    expect((await w.call({ method: 'GET', url: `/api/v1/bookings/${made.data.id}`, token: owner.token })).data.status).toBe('confirmed');
  });

  it('the provider picks a day beyond tomorrow; a request offers "Отклонить", asks truthfully and declines', async () => {
    const owner = await registerBusiness(w, { captcha_token: 'passed' });
    const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
      w.call({ method, url: `/api/v1${url}`, token: owner.token, payload });
    const master = (await call('POST', '/masters', { name: 'Алия', service_ids: [owner.service.id] })).data;
    const made = (
      await call('POST', '/bookings', {
        service_id: owner.service.id,
        master_id: master.id,
        date: '2026-11-27',
        time: '15:00',
        first_name: 'Данияр',
        phone: '+7 701 555 66 77',
      })
    ).data;
    await call('PATCH', `/bookings/${made.id}`, { status: 'pending' }); // a client's request, as the booking page makes it
    const providerId = 700_000_000 + Math.floor(Math.random() * 1e8);
    await linkProvider(owner.token, providerId);
    const provider = { id: providerId, first_name: 'Айгерим' };
    const panel = await openMiniApp(signedInitData(provider, owner.business.slug), provider, owner.business.slug);
    await panel.locator('[data-day="2026-11-24"]').waitFor();
    await panel.locator('[data-pick="2026-11-27"]').click();
    const row = panel.locator(`[data-day="2026-11-27"] [data-booking="${made.id}"]`);
    await row.waitFor();
    await expect.poll(() => row.locator('.actions button').allTextContents()).toEqual(['Подтвердить', 'Отклонить']);
    await screenshot(panel, 'miniapp-6-provider-day-picker');
    await panel.evaluate(() => ((window as any).__tg.state.confirmAnswer = true));
    await row.locator('[data-action="rejected"]').click();
    await panel.locator(`[data-booking="${made.id}"][data-status="rejected"]`).waitFor();
    expect((await stub(panel)).confirms).toEqual([
      'Отклонить заявку? На сайте клиент видел «Вы записаны!»; бот ему ничего не отправит — сообщите ему сами.',
    ]);
    expect((await call('GET', `/bookings/${made.id}`)).data.status).toBe('rejected');
  });

  it("a linked master opens on that master's day: another master's booking is not there, buttons only when masters may decide", async () => {
    const owner = await registerBusiness(w, { captcha_token: 'passed' });
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      w.call({ method, url: `/api/v1${url}`, token: owner.token, payload });
    // A master's mini app (CONTRACT.md §16).
    const mine = (await call('POST', '/masters', { name: 'Динара', service_ids: [owner.service.id] })).data;
    const other = (await call('POST', '/masters', { name: 'Асель', service_ids: [owner.service.id] })).data;
    const booking = (name: string, masterId: number, time: string) =>
      call('POST', '/bookings', {
        service_id: owner.service.id,
        master_id: masterId,
        date: '2026-11-24',
        time,
        first_name: name,
        phone: '+7 701 555 66 88',
      }).then((answer) => answer.data as { id: string });
    const own = await booking('Алия', mine.id, '11:00');
    const theirs = await booking('Самал', other.id, '12:00');
    await w.call({ method: 'PATCH', url: `/api/v1/bookings/${own.id}`, token: owner.token, payload: { status: 'pending' } }); // a client's request
    const telegramId = 800_000_000 + Math.floor(Math.random() * 1e8);
    const { start_param } = (await call('GET', `/masters/${mine.id}/telegram`)).data;
    const linked = await w.call({
      method: 'POST',
      url: '/api/v1/messenger/webhook',
      payload: messageUpdate(telegramId, `/start ${start_param}`),
      headers: { 'x-telegram-bot-api-secret-token': w.app.ctx.config.telegramWebhookSecret },
    });
    expect(linked.statusCode).toBe(200);
    const master = { id: telegramId, first_name: 'Динара' };
    const day = await openMiniApp(signedInitData(master, owner.business.slug), master, owner.business.slug);
    const row = day.locator(`[data-day="2026-11-24"] [data-booking="${own.id}"]`);
    await row.waitFor();
    expect(await day.locator(`[data-booking="${theirs.id}"]`).count()).toBe(0);
    expect(await row.locator('.actions button').count()).toBe(0);
    await screenshot(day, 'miniapp-7-master-day');

    expect((await call('PUT', '/business', { masters_can_decide: true })).statusCode).toBe(200);
    const again = await openMiniApp(signedInitData(master, owner.business.slug), master, owner.business.slug);
    const allowed = again.locator(`[data-day="2026-11-24"] [data-booking="${own.id}"]`);
    await expect.poll(() => allowed.locator('.actions button').allTextContents()).toEqual(['Подтвердить', 'Отклонить']);
    await allowed.locator('[data-action="confirmed"]').click();
    await again.locator(`[data-booking="${own.id}"][data-status="confirmed"]`).waitFor();
  });

  it('an unknown salon gets its own message and no page error; hint text is readable on the dark theme (≥ 4.5:1)', async () => {
    const customer = { id: 500_000_000 + Math.floor(Math.random() * 1e8), first_name: 'Асель' };
    const errors: string[] = [];
    const page = await openMiniApp(signedInitData(customer, 'no-such-salon'), customer, 'no-such-salon', async (tab) => {
      tab.on('pageerror', (error) => errors.push(error.message));
    });
    await page.getByTestId('unknown-salon').waitFor();
    await expect.poll(() => page.getByTestId('unknown-salon').textContent()).toContain('Такого салона нет');
    await screenshot(page, 'miniapp-unknown-salon');
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);

    // Telegram's dark hint color (#708499) is 4.1:1 on its background: the app lifts it.
    const owner = await registerBusiness(w, { captcha_token: 'passed' });
    await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      token: owner.token,
      payload: { name: 'Алия', service_ids: [owner.service.id] },
    });
    const flow = await openMiniApp(signedInitData(customer, owner.business.slug), customer, owner.business.slug);
    await flow.locator(`[data-service="${owner.service.id}"]`).waitFor();
    const ratios = await flow.evaluate(() => {
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (c: number[]) => {
        const ch = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * ch(c[0]!) + 0.7152 * ch(c[1]!) + 0.0722 * ch(c[2]!);
      };
      const background = (el: Element | null): number[] => {
        for (let node = el; node; node = node.parentElement) {
          const c = rgb(getComputedStyle(node).backgroundColor);
          if (c.length === 3 || (c.length === 4 && c[3]! > 0.5)) return c.slice(0, 3);
        }
        return [255, 255, 255];
      };
      return Array.from(document.querySelectorAll('.muted'))
        .filter((el) => (el as HTMLElement).offsetParent !== null && el.textContent!.trim())
        .map((el) => {
          const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(background(el))].sort((x, y) => y - x);
          return { text: el.textContent!.trim().slice(0, 30), ratio: (a! + 0.05) / (b! + 0.05) };
        });
    });
    expect(ratios.length).toBeGreaterThan(0);
    for (const { text, ratio } of ratios) expect(ratio, text).toBeGreaterThanOrEqual(4.5);
  });

  it('outside Telegram it says where to open it', async () => {
    const { page } = await w.phone();
    await page.route('https://telegram.org/js/telegram-web-app.js', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
    );
    await page.goto(`${w.baseUrl}/app`);
    await expect.poll(() => page.locator('.mini-note').textContent()).toContain('Telegram');
  });
});
