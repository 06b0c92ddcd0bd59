/**
 * Browser contexts for the panel tests: a fixed clock (Monday 2026-11-23
 * 10:00 in Almaty, the server's test clock too), an optional stored token,
 * screenshots of every open page when a test fails, and any uncaught page
 * error failing the test that caused it.
 */
import { afterAll, afterEach, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, type WebTest } from '../helpers/web.js';

export const NOW = new Date('2026-11-23T05:00:00Z');
export const DAY = '2026-11-23';
export const LAPTOP = { width: 1280, height: 800 };

export interface PanelBrowser {
  open(viewport: { width: number; height: number }, token?: string): Promise<Page>;
}

/** tokenKey: the localStorage key the panel keeps its token under. */
export function usePanelBrowser(w: WebTest, name: string, tokenKey: string): PanelBrowser {
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      for (const [index, page] of contexts.flatMap((c) => c.pages()).entries())
        await screenshot(page, `${name}-failed-${index}`, { always: true }).catch(() => undefined);
    }
    expect(pageErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });
  return {
    async open(viewport, token) {
      const phone = viewport.width < 500;
      const context = await w.browser.newContext({
        viewport,
        locale: 'ru-RU',
        timezoneId: 'Asia/Almaty',
        hasTouch: phone,
        isMobile: phone,
      });
      contexts.push(context);
      if (token) await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [tokenKey, token]);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      await page.clock.setFixedTime(NOW);
      return page;
    },
  };
}

/** The API paths (with their queries) the page asks from now on, as `GET /bookings?date=…`. */
export function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) seen.push(`${request.method()} ${url.pathname.slice(7)}${url.search}`);
  });
  return seen;
}
