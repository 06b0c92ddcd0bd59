/** /superadmin on a server without SUPERADMIN_USERNAME/PASSWORD: the login says the console is off (the API answers 503). */
import { describe, it } from 'vitest';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const w = useWebTest();
const browser = usePanelBrowser(w, 'superadmin-off', 'superadmin_token');

describe('/superadmin without operator credentials', () => {
  it('explains that the operator login is switched off', async () => {
    const page = await browser.open(LAPTOP);
    await page.goto(`${w.baseUrl}/superadmin`);
    await page.getByLabel('Логин').fill('anyone');
    await page.getByLabel('Пароль').fill('anything');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page
      .getByRole('alert')
      .getByText(/Вход оператора выключен/)
      .waitFor();
    await screenshot(page, 'superadmin-off-1280');
  });
});
