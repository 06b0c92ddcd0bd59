/**
 * Browser tests: the real app listening on a free port (same process, the web project's database:
 * PostgreSQL when it answers, else a PGlite snapshot; settable clock) and Debian's chromium (its headless shell) driven by playwright-core.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app.js';
import { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_MISSING } from './global-web.js';

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const SCREENSHOTS = join(import.meta.dirname, '../../test-results');

export interface WebTest extends TestApp {
  baseUrl: string;
  browser: Browser;
  /** A fresh phone-sized browser context (its own storage) with a page. */
  phone(options?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page }>;
}

export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) return Promise.reject(new Error(CHROMIUM_MISSING));
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** The run's one Chromium (global-web.ts); a browser of its own when the run has none. */
function connectChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchChromium();
}

/** One server and one browser connection per test file (closing it closes the file's contexts). */
export function useWebTest(options: TestAppOptions = {}): WebTest {
  const handle = {} as WebTest;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const t = await createTestApp(options);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const browser = await connectChromium();
    Object.assign(handle, t, {
      baseUrl: `http://127.0.0.1:${port}`,
      browser,
      async phone(size: { width?: number; height?: number } = {}) {
        const context = await browser.newContext({
          viewport: { ...PHONE_VIEWPORT, ...size },
          locale: 'ru-RU',
          timezoneId: 'Asia/Almaty',
          hasTouch: true,
          isMobile: true,
        });
        contexts.push(context);
        return { context, page: await context.newPage() };
      },
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await handle.browser?.close();
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}

/**
 * test-results/<name>.png at the page's viewport, only when asked: the env SCREENSHOTS=1 (to look at
 * the pages; nothing compares them, and each costs a capture and a PNG encode), or `always` (the
 * pages of a failed test).
 */
export async function screenshot(page: Page, name: string, options: { always?: boolean } = {}): Promise<string> {
  const file = join(SCREENSHOTS, `${name}.png`);
  if (!options.always && process.env.SCREENSHOTS !== '1') return file;
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  return file;
}

/** A download's file on this machine (a browser connected to the run's Chromium has no local path for it). */
export async function savedDownload(download: Download): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
