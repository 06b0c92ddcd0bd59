/**
 * CONTRACT.md §18: with Telegram login off (no BOT_TOKEN) the mini
 * app says so in one line and links to the salon's web page of its start
 * parameter, with what the parameter chose.
 */
import { describe, expect, it } from 'vitest';
import { registerBusiness } from '../helpers/app.js';
import { useWebTest } from '../helpers/web.js';

const w = useWebTest();

describe('mini app with Telegram login off', () => {
  it("says so and links to the salon's page", async () => {
    const owner = await registerBusiness(w);
    const master = await w.call({
      method: 'POST',
      url: '/api/v1/masters',
      token: owner.token,
      payload: { name: 'Алия', service_ids: [owner.service.id] },
    });
    const startParam = `${owner.business.slug}__m${master.data.id}`;
    const { page } = await w.phone();
    await page.route('https://telegram.org/js/telegram-web-app.js', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
    );
    await page.addInitScript((param) => {
      const button = (): Record<string, unknown> => {
        const self: Record<string, unknown> = {};
        for (const name of ['setText', 'show', 'hide', 'enable', 'disable', 'showProgress', 'hideProgress', 'onClick', 'offClick'])
          self[name] = () => self;
        return self;
      };
      (window as any).Telegram = {
        WebApp: {
          initData: 'query_id=AAE&user=%7B%22id%22%3A1%7D&auth_date=1&hash=00',
          initDataUnsafe: { user: { id: 1 }, start_param: param },
          themeParams: {},
          MainButton: button(),
          BackButton: button(),
          ready: () => undefined,
          expand: () => undefined,
          onEvent: () => undefined,
          openTelegramLink: () => undefined,
        },
      };
    }, startParam);
    await page.goto(`${w.baseUrl}/app#tgWebAppStartParam=${startParam}`);
    await page.locator('[data-web-page]').click();
    await page.locator('[data-preset-master]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${owner.business.slug}`);
    expect(new URL(page.url()).searchParams.get('master')).toBe(String(master.data.id));
  });
});
