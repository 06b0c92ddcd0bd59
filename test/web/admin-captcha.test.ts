/**
 * Registration in /admin when a captcha is configured: the widget (a local
 * stand-in for Cloudflare Turnstile, served through request interception)
 * gives a token, the server checks it with a fake siteverify, and a refused
 * attempt asks for a fresh token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../helpers/fake-http.js';
import { screenshot, useWebTest } from '../helpers/web.js';

const FAKE_TURNSTILE = `window.turnstile = {
  render(el, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Я не робот';
    button.onclick = () => options.callback('token-ok');
    el.append(button);
    return 'w1';
  },
  reset() {},
  remove() {},
};`;

let siteverify: FakeServer;
beforeAll(async () => {
  siteverify = await startFakeServer((request, response) => {
    const token = new URLSearchParams(request.body).get('response');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: token === 'token-ok' }));
  });
});
afterAll(() => siteverify?.close());

const w = useWebTest({ env: () => ({ CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_VERIFY_URL: siteverify.url }) });

describe('/admin registration with a captcha', () => {
  it('is refused without the captcha and accepted with its token', async () => {
    const context = await w.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
    try {
      await context.route('https://challenges.cloudflare.com/**', (route) =>
        route.fulfill({ contentType: 'application/javascript', body: FAKE_TURNSTILE }),
      );
      const page = await context.newPage();
      await page.goto(`${w.baseUrl}/admin/register`);
      await page.getByLabel('Название салона').fill('Барбершоп «Тау»');
      await page.getByLabel('Телефон').fill('+7 705 123 45 67');
      const email = `tau${Date.now()}@example.kz`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Пароль').fill('correct horse battery');
      await page.getByRole('button', { name: 'Я не робот' }).waitFor();

      await page.getByRole('button', { name: 'Создать кабинет' }).click();
      await page.getByRole('alert').getByText('Подтвердите, что вы не робот, и попробуйте ещё раз').waitFor();
      await screenshot(page, 'admin-register-captcha-1280');

      await page.getByRole('button', { name: 'Я не робот' }).click();
      await page.getByRole('button', { name: 'Создать кабинет' }).click();
      await page.getByRole('heading', { name: 'Календарь' }).waitFor();
      const tokens = siteverify.requests.map((r) => new URLSearchParams(r.body).get('response'));
      expect(tokens.at(-1)).toBe('token-ok');

      // the same email again: the 409 is shown at the email field
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${w.baseUrl}/admin/register`);
      await page.getByLabel('Название салона').fill('Барбершоп «Тау» 2');
      await page.getByLabel('Телефон').fill('+7 705 123 45 68');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Пароль').fill('correct horse battery');
      await page.getByRole('button', { name: 'Я не робот' }).click();
      await page.getByRole('button', { name: 'Создать кабинет' }).click();
      await page.getByText('Этот email уже зарегистрирован').waitFor();
      await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true'); // the refused attempt carried no token, the accepted one the widget's
      // The error reads as one (red, bold), and «Войти» is a link to the login: the owner sees what to do next.
      const error = page.locator('.field-error', { hasText: 'Этот email уже зарегистрирован' });
      expect(await error.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).fontWeight])).toEqual([
        'rgb(198, 40, 40)',
        '600',
      ]);
      await page.getByRole('link', { name: 'Войти с этим email →' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    } finally {
      await context.close();
    }
  });
});
