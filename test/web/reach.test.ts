/**
 * CONTRACT.md §18 in chromium: a link that chooses (a master's link books in
 * 4 taps; unknown ids and a past date open the page as usual), the page
 * inside another site's iframe sized by /embed.js (no inner scroll bar at
 * 360, 390 and 1280 px, under 60 KB of script), and the mini app's
 * «Мои записи» with «Записаться снова»; outside Telegram the mini app links
 * to the salon's page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../../src/modules/identity/init-data.js';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { botEnv, useFakeTelegram } from '../helpers/fake-telegram.js';
import { screenshot, useWebTest } from '../helpers/web.js';

const NOW = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Almaty, the server's test clock too
const fake = useFakeTelegram();
const w = useWebTest({ env: botEnv(fake) });

interface Salon {
  owner: RegisteredBusiness;
  aliya: { id: number; name: string };
  dana: { id: number; name: string };
  manicure: { id: number; name: string };
}

/** Стрижка (both masters) and Маникюр (Дана only). */
async function seedSalon(): Promise<Salon> {
  const owner = await registerBusiness(w);
  const call = (url: string, payload: unknown) =>
    w.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token: owner.token });
  const manicure = await call('/services', { name: 'Маникюр', duration: 90, price: 7500 });
  const aliya = await call('/masters', { name: 'Алия', service_ids: [owner.service.id] });
  const dana = await call('/masters', { name: 'Дана', service_ids: [owner.service.id, manicure.data.id] });
  for (const created of [manicure, aliya, dana]) expect(created.statusCode).toBe(201);
  return { owner, aliya: aliya.data, dana: dana.data, manicure: manicure.data };
}

async function openPage(path: string, size?: { width: number; height?: number }): Promise<Page> {
  const { page } = await w.phone(size);
  await page.clock.setFixedTime(NOW);
  await page.goto(`${w.baseUrl}${path}`);
  return page;
}

const shownServices = (page: Page) =>
  page.locator('[data-service]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-service'))));

describe('links that choose (CONTRACT.md §18)', () => {
  it("a master's link offers that master's services and books in 4 taps", async () => {
    const salon = await seedSalon();
    const page = await openPage(`/${salon.owner.business.slug}?master=${salon.aliya.id}`);
    await page.locator('[data-preset-master]').waitFor();
    expect(await shownServices(page)).toEqual([salon.owner.service.id]);
    let taps = 0;
    const tap = async (selector: string) => {
      taps += 1;
      await page.locator(selector).click();
    };
    await tap(`[data-service="${salon.owner.service.id}"]`);
    await tap('[data-date="2026-11-24"]');
    await tap('[data-time="10:00"]');
    await page.locator('input[name="first_name"]').fill('Асель');
    await page.locator('input[name="phone"]').fill('7017778899');
    await tap('button.confirm');
    await page.locator('.success').waitFor();
    expect(taps).toBeLessThanOrEqual(4);
    await screenshot(page, 'reach-1-master-link-booked');
    const list = await w.call({ method: 'GET', url: '/api/v1/bookings?date=2026-11-24', token: salon.owner.token });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      master: { id: salon.aliya.id },
      service: { id: salon.owner.service.id },
      start_at: '2026-11-24T10:00:00',
    });
  });

  it('«Все мастера» brings back every service', async () => {
    const salon = await seedSalon();
    const page = await openPage(`/${salon.owner.business.slug}?master=${salon.aliya.id}`);
    await page.locator('[data-preset-master] button').click();
    await expect.poll(() => shownServices(page)).toEqual(expect.arrayContaining([salon.owner.service.id, salon.manicure.id]));
  });

  it('service, master and date open the times of that day with both chosen', async () => {
    const salon = await seedSalon();
    const page = await openPage(`/${salon.owner.business.slug}?service=${salon.manicure.id}&master=${salon.dana.id}&date=2026-11-25`);
    await page.locator('[data-date="2026-11-25"][aria-selected="true"]').waitFor();
    await page.locator('.times .time').first().waitFor();
    await expect.poll(() => page.locator('.picked').textContent()).toContain('Маникюр');
    await expect.poll(() => page.locator('.picked').textContent()).toContain('Дана');
    // Back goes to the service list, as after choosing by hand.
    await page.goBack();
    await page.locator(`[data-service="${salon.manicure.id}"]`).waitFor();
  });

  it('a date two weeks ahead is in sight on a 360 px strip, not past its edge', async () => {
    const salon = await seedSalon();
    const page = await openPage(`/${salon.owner.business.slug}?service=${salon.manicure.id}&master=${salon.dana.id}&date=2026-12-08`, {
      width: 360,
      height: 740,
    });
    const chosen = page.locator('[data-date="2026-12-08"][aria-selected="true"]');
    await chosen.waitFor();
    const inSight = () =>
      chosen.evaluate((day) => {
        const [strip, box] = [day.parentElement!.getBoundingClientRect(), day.getBoundingClientRect()];
        return box.left >= strip.left && box.right <= strip.right;
      });
    await expect.poll(inSight).toBe(true);
    // A reload shows it again where it was chosen.
    await page.reload();
    await chosen.waitFor();
    await expect.poll(inSight).toBe(true);
  });

  it('another link opened in the same tab chooses anew; a reload keeps what was chosen since', async () => {
    const salon = await seedSalon();
    const slug = salon.owner.business.slug;
    const page = await openPage(`/${slug}?service=${salon.owner.service.id}`);
    await page.locator('[data-master="any"]').waitFor();
    await page.goto(`${w.baseUrl}/${slug}?service=${salon.manicure.id}&master=${salon.dana.id}&date=2026-11-25`);
    await page.locator('[data-date="2026-11-25"][aria-selected="true"]').waitFor();
    await expect.poll(() => page.locator('.picked').textContent()).toContain('Маникюр');
    await expect.poll(() => page.locator('.picked').textContent()).toContain('Дана');
    await page.locator('[data-date="2026-11-26"]').click();
    await page.reload();
    await page.locator('[data-date="2026-11-26"][aria-selected="true"]').waitFor();
    await page.goto(`${w.baseUrl}/${slug}?master=${salon.aliya.id}`);
    await expect.poll(() => shownServices(page)).toEqual([salon.owner.service.id]);
  });

  it('an unknown, foreign or archived id and a past date open the page as usual, never an error', async () => {
    const salon = await seedSalon();
    const other = await seedSalon();
    const archived = await w.call({
      method: 'POST',
      url: '/api/v1/services',
      token: salon.owner.token,
      payload: { name: 'Старая', duration: 30, price: 1000 },
    });
    await w.call({ method: 'DELETE', url: `/api/v1/services/${archived.data.id}`, token: salon.owner.token });
    for (const query of [
      `?master=999999&service=999999`,
      `?master=${other.owner.service.id + 100000}`,
      `?service=${other.manicure.id}&master=${other.dana.id}`,
      `?service=${archived.data.id}`,
      `?date=2026-11-20`,
      `?service=abc&master=-1&date=2026-02-30`,
    ]) {
      const page = await openPage(`/${salon.owner.business.slug}${query}`);
      await page.locator(`[data-service="${salon.owner.service.id}"]`).waitFor();
      expect(await page.locator('[data-preset-master]').count(), query).toBe(0);
      expect(await page.locator('.error').count(), query).toBe(0);
      expect(await shownServices(page), query).toEqual(expect.arrayContaining([salon.owner.service.id, salon.manicure.id]));
      await page.context().close();
    }
  });
});

describe('the page inside a salon site (embed)', () => {
  const SITE = 'https://salon-site.test';
  /** The booking service as a salon's visitor reaches it: an https origin of its own (the test server behind it). */
  const SERVICE = 'https://booking-service.test';
  let site: Server;
  let siteUrl = '';
  beforeAll(async () => {
    // The salon's own site: a second server on another port, reached by the browser as an https origin.
    site = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      const slug = query.get('slug') ?? '';
      // A site builder that takes only a plain iframe (no script).
      const embed = query.has('plain')
        ? `<iframe src="${SERVICE}/${slug}?embed=1" style="width:100%;height:900px;border:0" title="Запись"></iframe>`
        : `<script src="${SERVICE}/embed.js" data-slug="${slug}"></script>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif"><h1 style="margin:8px">Наш салон</h1>
${embed}<footer style="height:40px">Подвал сайта</footer></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  /** The salon's site at `width` px; scriptBytes sums the scripts the framed page loaded, gzipped as the server sends them. */
  async function openSite(slug: string, width: number, query = ''): Promise<{ page: Page; scriptBytes: () => Promise<number> }> {
    const { context, page } = await w.phone({ width, height: 800 });
    // A request still on its way when the test closes the context has nobody to answer: that is no failure.
    await context.route(`${SITE}/**`, async (route) => {
      const answer = await fetch(`${siteUrl}${new URL(route.request().url()).search}`);
      await route
        .fulfill({ status: answer.status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: await answer.text() })
        .catch(() => undefined);
    });
    await context.route(`${SERVICE}/**`, async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${w.baseUrl}${url.pathname}${url.search}` }).catch(() => null);
      if (response) await route.fulfill({ response }).catch(() => undefined);
    });
    await page.clock.setFixedTime(NOW);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.frame() !== page.mainFrame() && response.request().resourceType() === 'script')
        scripts.push(
          response.body().then(
            (body) => gzipSync(body).length,
            () => 0,
          ),
        );
    });
    await page.goto(`${SITE}/?slug=${slug}${query}`);
    return { page, scriptBytes: async () => (await Promise.all(scripts)).reduce((a, b) => a + b, 0) };
  }

  const bookingFrame = async (page: Page) => {
    await expect.poll(() => page.frames().some((frame) => frame.url().includes('embed=1'))).toBe(true);
    return page.frames().find((frame) => frame.url().includes('embed=1'))!;
  };

  /** No inner scroll bar: the frame is as tall as the page inside it, and no wider. */
  async function expectNoInnerScroll(page: Page, width: number) {
    const frame = await bookingFrame(page);
    await expect
      .poll(
        () =>
          frame.evaluate(() => ({
            extraHeight: document.documentElement.scrollHeight - window.innerHeight,
            extraWidth: document.documentElement.scrollWidth - window.innerWidth,
          })),
        { message: `at ${width} px` },
      )
      .toEqual({ extraHeight: expect.toSatisfy((n: number) => n <= 0), extraWidth: expect.toSatisfy((n: number) => n <= 0) });
  }

  it('frames the page from a listed site, sized to its content at 360, 390 and 1280 px, the booking flow working', async () => {
    const salon = await seedSalon();
    const allowed = await w.call({ method: 'PUT', url: '/api/v1/business', token: salon.owner.token, payload: { embed_origins: [SITE] } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    for (const width of [360, 390, 1280]) {
      const { page, scriptBytes } = await openSite(salon.owner.business.slug, width);
      const frame = await bookingFrame(page);
      await frame.locator(`[data-service="${salon.owner.service.id}"]`).waitFor();
      expect(await frame.locator('header.business').isVisible()).toBe(false);
      await expectNoInnerScroll(page, width);
      // Through the flow: the frame follows each step's height, and a new step's top comes into view.
      await frame.locator(`[data-service="${salon.manicure.id}"]`).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 400));
      await frame.locator(`[data-service="${salon.manicure.id}"]`).click();
      await frame.locator('[data-date="2026-11-24"]').waitFor();
      await expect.poll(() => page.locator('iframe').evaluate((f) => Math.round(f.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
      await frame.locator('[data-date="2026-11-24"]').click();
      await frame.locator('.times .time').first().waitFor();
      await expectNoInnerScroll(page, width);
      await frame.locator('.times .time').first().click();
      await frame.locator('input[name="phone"]').waitFor();
      await expectNoInnerScroll(page, width);
      await screenshot(page, `reach-2-embedded-${width}`);
      if (width === 390) {
        await frame.locator('input[name="first_name"]').fill('Асель');
        await frame.locator('input[name="phone"]').fill('7017778899');
        await frame.locator('button.confirm').click();
        await frame.locator('.success').waitFor();
        await expectNoInnerScroll(page, width);
        const bytes = await scriptBytes();
        console.info(`embedded page scripts: ${(bytes / 1024).toFixed(1)} KB gzip`);
        expect(bytes).toBeGreaterThan(0);
        expect(bytes).toBeLessThan(60 * 1024);
      }
      await page.context().close();
    }
  });

  it('a plain iframe works without the script', async () => {
    const salon = await seedSalon();
    await w.call({ method: 'PUT', url: '/api/v1/business', token: salon.owner.token, payload: { embed_origins: [SITE] } });
    const { page } = await openSite(salon.owner.business.slug, 390, '&plain=1');
    const frame = await bookingFrame(page);
    await frame.locator(`[data-service="${salon.manicure.id}"]`).click();
    await frame.locator('[data-date="2026-11-24"]').waitFor();
    await page.context().close();
  });

  it('a site the salon did not list cannot frame the page', async () => {
    const salon = await seedSalon();
    const { page } = await openSite(salon.owner.business.slug, 390);
    await page.locator('iframe').waitFor();
    // Chromium refuses the document (frame-ancestors): the frame holds its error page, never the salon's services.
    await expect.poll(() => page.frames().map((frame) => frame.url())).toContainEqual(expect.stringMatching(/^chrome-error:/));
    for (const frame of page.frames()) expect(await frame.locator('[data-service]').count(), frame.url()).toBe(0);
    // Not a blank box: /embed.js puts a line with a link to the page itself in the frame's place.
    const fallback = page.locator('[data-booking-fallback]');
    await fallback.waitFor({ timeout: 10_000 });
    expect(await fallback.textContent()).toContain('Онлайн-запись открывается на отдельной странице');
    expect(await fallback.locator('a').getAttribute('href')).toBe(`${SERVICE}/${salon.owner.business.slug}`);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.context().close();
  });
});

describe('mini app: «Мои записи» (CONTRACT.md §18)', () => {
  function signedInitData(user: { id: number; first_name: string }, startParam: string): string {
    const params = new URLSearchParams({
      query_id: 'AAE',
      user: JSON.stringify(user),
      auth_date: String(w.app.ctx.time.unixSeconds()),
      start_param: startParam,
    });
    params.set('hash', signInitData(params, w.config.botToken!));
    return params.toString();
  }

  /** Telegram.WebApp as the page sees it inside Telegram (buttons that do nothing). */
  async function openMiniApp(user: { id: number; first_name: string }, startParam: string, now = NOW): Promise<Page> {
    const { page } = await w.phone();
    await page.clock.setFixedTime(now);
    await page.route('https://telegram.org/js/telegram-web-app.js', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
    );
    await page.addInitScript(
      ({ initData, user, startParam }) => {
        const button = (): Record<string, unknown> => {
          const self: Record<string, unknown> = {};
          for (const name of ['setText', 'show', 'hide', 'enable', 'disable', 'showProgress', 'hideProgress', 'onClick', 'offClick'])
            self[name] = () => self;
          return self;
        };
        (window as any).Telegram = {
          WebApp: {
            initData,
            initDataUnsafe: { user, start_param: startParam },
            themeParams: {},
            colorScheme: 'light',
            MainButton: button(),
            BackButton: button(),
            ready: () => undefined,
            expand: () => undefined,
            onEvent: () => undefined,
            openTelegramLink: () => undefined,
          },
        };
      },
      { initData: signedInitData(user, startParam), user, startParam },
    );
    await page.goto(`${w.baseUrl}/app#tgWebAppStartParam=${startParam}`);
    return page;
  }

  it('lists upcoming and past visits of this user only; «Записаться снова» opens the same service and master', async () => {
    const salon = await seedSalon();
    const slug = salon.owner.business.slug;
    const me = { id: 800_000_000 + Math.floor(Math.random() * 1e8), first_name: 'Асель' };
    const someone = { id: me.id + 1, first_name: 'Другой' };
    const bookAs = async (user: typeof me, body: Record<string, unknown>) => {
      const response = await w.call({
        method: 'POST',
        url: `/api/v1/public/${slug}/booking`,
        headers: { 'x-telegram-init-data': signedInitData(user, `${slug}__m${salon.dana.id}`) },
        payload: { first_name: user.first_name, phone: '+77017778899', ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.data.id as string;
    };
    const past = await bookAs(me, { service_id: salon.manicure.id, master_id: salon.dana.id, date: '2026-11-23', time: '11:00' });
    const upcoming = await bookAs(me, { service_id: salon.owner.service.id, master_id: salon.aliya.id, date: '2026-11-26', time: '12:00' });
    const theirs = await bookAs(someone, {
      service_id: salon.owner.service.id,
      master_id: salon.aliya.id,
      date: '2026-11-27',
      time: '12:00',
    });

    // Seen on Monday at 15:00: the 11:00 visit is over.
    const page = await openMiniApp(me, slug, new Date('2026-11-23T10:00:00Z'));
    await page.locator('[data-tab="mine"]').click();
    await page.locator('[data-my-bookings="upcoming"]').waitFor();
    expect(
      await page.locator(`[data-my-bookings="upcoming"] [data-booking]`).evaluateAll((n) => n.map((e) => e.getAttribute('data-booking'))),
    ).toEqual([upcoming]);
    expect(
      await page.locator(`[data-my-bookings="past"] [data-booking]`).evaluateAll((n) => n.map((e) => e.getAttribute('data-booking'))),
    ).toEqual([past]);
    expect(await page.locator(`[data-booking="${theirs}"]`).count()).toBe(0);
    // View and book again only: nothing cancels or moves.
    expect(await page.locator('.my-bookings button').allTextContents()).toEqual(['Записаться снова', 'Записаться снова']);
    await screenshot(page, 'reach-3-my-bookings');

    await page.locator(`[data-again="${past}"]`).click();
    await page.locator('[data-date]').first().waitFor();
    await expect.poll(() => page.locator('.picked').textContent()).toContain('Маникюр');
    await expect.poll(() => page.locator('.picked').textContent()).toContain('Дана');
    await expect.poll(() => page.locator('input[name="first_name"]').count()).toBe(0);
  });

  it('a visit of several services is one line with its items; «Записаться снова» repeats its services and masters, not the comment (CONTRACT.md §20)', async () => {
    const salon = await seedSalon();
    const slug = salon.owner.business.slug;
    const me = { id: 810_000_000 + Math.floor(Math.random() * 1e7), first_name: 'Асель' };
    const made = await w.call({
      method: 'POST',
      url: `/api/v1/public/${slug}/visits`,
      headers: { 'x-telegram-init-data': signedInitData(me, slug) },
      payload: {
        items: [
          { service_id: salon.owner.service.id, master_id: salon.aliya.id },
          { service_id: salon.manicure.id, master_id: salon.dana.id },
        ],
        date: '2026-11-26',
        time: '10:00',
        first_name: me.first_name,
        phone: '+77017778800',
        notes: 'Только гель',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [cut, manicure] = made.data.bookings as { id: string }[];

    const page = await openMiniApp(me, slug);
    await page.locator('[data-tab="mine"]').click();
    await page.locator('[data-my-bookings="upcoming"]').waitFor();
    const line = page.locator('[data-my-bookings="upcoming"] [data-booking]');
    expect(await line.count()).toBe(1);
    expect(await line.getAttribute('data-booking')).toBe(cut!.id);
    expect(await line.getAttribute('data-visit')).toBe(made.data.id);
    const items = (await line.locator('[data-item]').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(items).toEqual(['10:00 Стрижка · Алия · 5 000 ₸', '11:00 Маникюр · Дана · 7 500 ₸']);
    expect(await line.locator('[data-item]').evaluateAll((n) => n.map((e) => e.getAttribute('data-item')))).toEqual([
      cut!.id,
      manicure!.id,
    ]);
    expect((await line.textContent())!.replace(/\s+/g, ' ')).toContain('Итого: 12 500 ₸');
    await screenshot(page, 'reach-visit-my-bookings');

    await page.locator(`[data-again="${cut!.id}"]`).click();
    await page.locator('[data-date]').first().waitFor();
    await expect.poll(() => page.locator('.visit-item .visit-name').allTextContents()).toEqual(['Стрижка', 'Маникюр']);
    expect(await page.locator('[data-item-master="0"]').inputValue()).toBe(String(salon.aliya.id));
    await page.locator('[data-date="2026-11-27"]').click();
    await page.locator('[data-time="10:00"]').click();
    await page.locator('textarea[name="notes"]').waitFor();
    expect(await page.locator('textarea[name="notes"]').inputValue()).toBe('');
    await expect.poll(async () => (await page.locator('.visit-item').nth(1).textContent())!.replace(/\s+/g, ' ')).toContain('Дана');
  });

  it("opened from a master's start parameter, the mini app offers that master's services", async () => {
    const salon = await seedSalon();
    const me = { id: 900_000_000 + Math.floor(Math.random() * 1e7), first_name: 'Ержан' };
    const page = await openMiniApp(me, `${salon.owner.business.slug}__m${salon.aliya.id}`);
    await page.locator('[data-preset-master]').waitFor();
    expect(await shownServices(page)).toEqual([salon.owner.service.id]);
  });

  it("outside Telegram it says so and links to the salon's page of its start parameter", async () => {
    const salon = await seedSalon();
    const { page } = await w.phone();
    await page.route('https://telegram.org/js/telegram-web-app.js', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
    );
    await page.goto(`${w.baseUrl}/app?startapp=${salon.owner.business.slug}__m${salon.dana.id}`);
    await page.locator('[data-outside-telegram]').waitFor();
    await page.locator('[data-web-page]').click();
    await page.locator('[data-preset-master]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${salon.owner.business.slug}`);
    expect(await shownServices(page)).toEqual(expect.arrayContaining([salon.owner.service.id, salon.manicure.id]));
  });
});
