/**
 * The Content-Security-Policy (src/http/security-headers.ts) in a real
 * browser: every page of ours loads and runs with no CSP violation, including
 * Telegram's script on the mini app and the Swagger UI at /api/docs.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { useWebTest } from '../helpers/web.js';

const w = useWebTest();

const TELEGRAM_STUB =
  'window.Telegram = { WebApp: { initData: "", initDataUnsafe: {}, ready() {}, expand() {}, onEvent() {}, offEvent() {}, MainButton: { show() {}, hide() {}, setText() {}, onClick() {}, offClick() {}, setParams() {}, enable() {}, disable() {}, showProgress() {}, hideProgress() {} }, BackButton: { show() {}, hide() {}, onClick() {}, offClick() {} }, themeParams: {}, colorScheme: "light" } };';

describe('CSP in the browser', () => {
  it('our pages and /api/docs run without a single CSP violation', async () => {
    const owner = await registerBusiness(w);
    const { page } = await w.phone();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.route('https://telegram.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: TELEGRAM_STUB }),
    );
    const consoleCsp: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleCsp.push(message.text());
    });

    for (const path of [`/${owner.business.slug}`, '/app', '/admin', '/superadmin', '/api/docs/']) {
      const response = await page.goto(`${w.baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      // Something rendered: the page's script ran.
      await page.waitForFunction(() => (document.querySelector('#root, #swagger-ui')?.childElementCount ?? 0) > 0, undefined, {
        timeout: 15_000,
      });
      const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      expect(violations, path).toEqual([]);
    }
    expect(consoleCsp).toEqual([]);
  });
});
