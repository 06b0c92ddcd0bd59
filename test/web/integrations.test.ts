/**
 * Интеграции (CONTRACT.md §14) in the provider panel: the menu leads there; a key is created and shown
 * once with its warning and a copy button; the list never shows it; revoking asks first and the key
 * answers 401 at once. Screenshots at 1280x800 and 360x740 (test-results/integrations-*.png).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { screenshot, useWebTest } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const PHONE = { width: 360, height: 740 };

const w = useWebTest();
const browser = usePanelBrowser(w, 'integrations', 'admin_token');

describe('Интеграции', () => {
  let owner: RegisteredBusiness;
  beforeAll(async () => {
    owner = await registerBusiness(w, { business_name: 'Салон «Интеграция»' });
  });

  it('creates a key shown once with a copy button, lists it without the key, and revokes it after a confirmation', async () => {
    const page = await browser.open(LAPTOP, owner.token);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: w.baseUrl });
    await page.goto(`${w.baseUrl}/admin/calendar`);
    await page.getByRole('link', { name: 'Интеграции' }).click();
    await page.getByRole('heading', { name: 'Интеграции', level: 1 }).waitFor();
    await expect.poll(() => page.url()).toBe(`${w.baseUrl}/admin/integrations`);
    await page.getByText('Ключей пока нет.').waitFor();

    await page.getByLabel('Название ключа').fill('CRM «Битрикс»');
    await page.getByRole('button', { name: 'Создать ключ' }).click();
    const shown = page.getByTestId('new-api-key');
    await shown.waitFor();
    await expect.poll(() => shown.textContent()).toContain('показывается только один раз');
    const key = await page.getByLabel('API-ключ').inputValue();
    expect(key).toMatch(/^bk_[A-Za-z0-9_-]{32,}$/);
    await page.getByRole('button', { name: 'Скопировать' }).click();
    await page.getByRole('button', { name: 'Скопировано' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, 'integrations-created-laptop');

    // The key works, and the list says when it was last used (after a reload), never the key.
    expect((await w.call({ method: 'GET', url: '/api/v1/bookings', token: key })).statusCode).toBe(200);
    const row = page.getByTestId('api-key-row');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('CRM «Битрикс»');
    await page.getByRole('button', { name: 'Я сохранил ключ' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => row.textContent()).toContain('23 нояб. 2026 г., 10:00');
    expect(await row.textContent()).not.toContain('не использовался');
    expect(await page.content()).not.toContain(key);

    // Revoking asks first; "Отмена" keeps the key.
    await row.getByRole('button', { name: 'Отозвать' }).click();
    const confirm = page.getByTestId('revoke-confirm');
    await expect.poll(() => confirm.textContent()).toContain('Отозвать ключ «CRM «Битрикс»»?');
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await w.call({ method: 'GET', url: '/api/v1/bookings', token: key })).statusCode).toBe(200);

    await row.getByRole('button', { name: 'Отозвать' }).click();
    await confirm.getByRole('button', { name: 'Да, отозвать' }).click();
    await page.getByText('Ключ «CRM «Битрикс»» отозван.').waitFor();
    await page.getByText('Ключей пока нет.').waitFor();
    await expect.poll(async () => (await w.call({ method: 'GET', url: '/api/v1/bookings', token: key })).statusCode).toBe(401);
  });

  it('fits a phone screen: the new key and its copy button in view', async () => {
    const page = await browser.open(PHONE, owner.token);
    await page.goto(`${w.baseUrl}/admin/integrations`);
    await page.getByLabel('Название ключа').fill('Google Таблица');
    await page.getByRole('button', { name: 'Создать ключ' }).click();
    await page.getByTestId('new-api-key').waitFor();
    const copy = page.getByRole('button', { name: 'Скопировать' });
    const box = await copy.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'integrations-created-phone');
    await expect.poll(async () => (await w.call({ method: 'GET', url: '/api/v1/api-keys', token: owner.token })).data.length).toBe(1);
  });
});
