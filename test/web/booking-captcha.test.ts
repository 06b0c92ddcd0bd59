/**
 * With CAPTCHA_SECRET and CAPTCHA_SITE_KEY set, the booking page loads the
 * Turnstile widget (routed here to a stub that hands out a token on a click)
 * and sends its token, which the server checks with the (fake) verifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { startFakeServer, type FakeServer } from '../helpers/fake-http.js';
import { screenshot, useWebTest } from '../helpers/web.js';

const TURNSTILE = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const STUB = `window.turnstile = {
  render(element, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fake-turnstile';
    button.textContent = 'I am human (' + options.sitekey + ')';
    button.onclick = () => options.callback('token-ok');
    element.appendChild(button);
    return 'widget-1';
  },
  reset() {},
  remove() {},
};`;

let verifier: FakeServer;
beforeAll(async () => {
  verifier = await startFakeServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: new URLSearchParams(request.body).get('response') === 'token-ok' }));
  });
});
afterAll(() => verifier.close());
const w = useWebTest({
  env: () => ({ CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify` }),
});

describe('booking page with a captcha', () => {
  it('asks for the captcha, sends its token and books', async () => {
    const owner = await registerBusiness(w, { captcha_token: 'token-ok' });
    await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      token: owner.token,
      payload: { name: 'Алия', service_ids: [owner.service.id] },
    });
    const { page } = await w.phone();
    await page.clock.setFixedTime(new Date('2026-11-23T05:00:00Z'));
    const scripts: string[] = [];
    await page.route(
      TURNSTILE,
      (route) => (scripts.push(route.request().url()), route.fulfill({ status: 200, contentType: 'application/javascript', body: STUB })),
    );
    await page.goto(`${w.baseUrl}/${owner.business.slug}`);
    expect(scripts).toEqual([]); // not before the details step
    await page.locator(`[data-service="${owner.service.id}"]`).click();
    await page.locator('[data-date="2026-11-25"]').click();
    await page.locator('[data-time="09:00"]').click();
    await page.locator('input[name="first_name"]').fill('Дина');
    await page.locator('input[name="phone"]').fill('7012223344');
    await page.locator('.fake-turnstile').waitFor();
    await expect.poll(() => page.locator('.fake-turnstile').textContent()).toContain('site-key-1');
    await page.locator('button.confirm').click();
    await expect.poll(() => page.locator('.error').textContent()).toBe('Подтвердите, что вы не робот');
    const checked = verifier.requests.length;
    await page.locator('.fake-turnstile').click();
    await page.locator('button.confirm').click();
    await page.locator('.success').waitFor();
    await screenshot(page, 'booking-9-captcha-success');
    expect(scripts).toHaveLength(1);
    expect(verifier.requests.length).toBe(checked + 1);
    expect(new URLSearchParams(verifier.requests.at(-1)!.body).get('response')).toBe('token-ok');
  });
});
