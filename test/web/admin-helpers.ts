/**
 * Browser contexts for the panel tests: a fixed clock (Monday 2026-11-23
 * 10:00 in Almaty, the server's test clock too), an optional stored token,
 * screenshots of every open page when a test fails, and any uncaught page
 * error failing the test that caused it.
 */
import { afterAll, afterEach, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, type WebTest } from '../helpers/web.js';
import { registerBusiness } from '../helpers/app.js';

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

/** A salon of two masters (Айгерим, Дана) who do one 60-minute service, its owner's API, and bookings entered by the owner. */
export function twoMasterSalon(w: WebTest, businessName: string) {
  const salon = { token: '', service: 0, aigerim: 0, dana: 0 };
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    w.call({ method, url: `/api/v1${url}`, payload, token: salon.token });
  return {
    salon,
    api,
    async setUp() {
      const owner = await registerBusiness(w, { business_name: businessName, service: { name: 'Стрижка', duration: 60, price: 8000 } });
      salon.token = owner.token;
      salon.service = owner.service.id;
      salon.aigerim = (await api('POST', '/masters', { name: 'Айгерим', service_ids: [salon.service] })).data.id;
      salon.dana = (await api('POST', '/masters', { name: 'Дана', service_ids: [salon.service] })).data.id;
    },
    async ownerBooking(master: number, date: string, time: string, first_name: string) {
      const phone = `+7701${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
      const made = await api('POST', '/bookings', { service_id: salon.service, master_id: master, date, time, first_name, phone });
      expect(made.statusCode, made.body).toBe(201);
      return made.data as { id: string };
    },
  };
}

/** How the calendar's week sits in its box: how far it scrolls sideways, and how many day headers are whole in view. */
export const weekFit = (page: Page) =>
  page.locator('.cal').evaluate((el) => {
    const box = el.getBoundingClientRect();
    const heads = Array.from(el.querySelectorAll('.cal-dayhead')).map((h) => h.getBoundingClientRect());
    return {
      sideways: el.scrollWidth - el.clientWidth,
      daysInView: heads.filter((h) => h.left >= box.left && h.right <= box.right + 0.5).length,
    };
  });
