/**
 * CONTRACT.md §14 in the provider panel: clients and bookings download as
 * CSV / Excel, clients come in through the import dialog (check first, then
 * import), and a master's page shows the calendar feed with its QR code and
 * a new address after a confirmation. Screenshots: test-results/data-io-*.png.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerBusiness, type RegisteredBusiness } from '../helpers/app.js';
import { book, createMaster } from '../helpers/catalog.js';
import { screenshot, useWebTest, savedDownload } from '../helpers/web.js';
import { LAPTOP, usePanelBrowser } from './admin-helpers.js';

const w = useWebTest();
const browser = usePanelBrowser(w, 'data-io', 'admin_token');

describe('data in and out', () => {
  let owner: RegisteredBusiness;
  let master: { id: number; name: string };
  beforeAll(async () => {
    owner = await registerBusiness(w, { business_name: 'Студия «Лотос»' });
    master = await createMaster(w, owner, 'Айгуль');
    await book(w, owner, { first_name: 'Алия', phone: '+7 701 300 00 01', date: '2026-11-24', time: '10:00' });
  });

  it('Clients: CSV download, then import with a preview of what will be added, skipped and refused', async () => {
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/clients`);
    await page.getByText('Алия').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('clients-2026-11-23.csv');
    const csv = readFileSync(await savedDownload(download));
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8').split('\r\n')[0]).toBe('Имя;Телефон;Заметки;Записей;Последняя запись');

    await page.getByRole('button', { name: 'Импорт клиентов' }).click();
    const dialog = page.getByRole('dialog', { name: 'Импорт клиентов из файла' });
    const file = 'Имя;Телефон;Комментарий\nДана;+7 701 300 00 02;VIP\nАлия;8 701 300 00 01;\nБерик;123;\nЖанна;7013000003;\n';
    await dialog.locator('input[type=file]').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await dialog.getByRole('button', { name: 'Проверить' }).click();
    await expect.poll(() => dialog.getByTestId('import-created').textContent()).toBe('Будут добавлены: 2');
    expect(await dialog.getByTestId('import-skipped').textContent()).toBe('Пропущены (телефон уже есть): 1');
    expect(await dialog.getByTestId('import-errors').textContent()).toBe('Строки с ошибками: 1');
    await dialog.getByText('Строка 4: телефон не похож на казахстанский номер').waitFor();
    // The check saved nothing.
    expect((await w.call({ method: 'GET', url: '/api/v1/clients', token: owner.token })).data).toHaveLength(1);
    await screenshot(page, 'data-io-import-preview');
    await dialog.getByRole('button', { name: 'Импортировать' }).click();
    await expect.poll(() => dialog.getByTestId('import-created').textContent()).toBe('Добавлено: 2');
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await page.getByText('Жанна').first().waitFor();
    expect((await w.call({ method: 'GET', url: '/api/v1/clients', token: owner.token })).data).toHaveLength(3);
  });

  it('Bookings: Excel download of the dates the list shows', async () => {
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/bookings`);
    await page.getByText('Алия').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('bookings-2026-11-23_2026-12-23.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await savedDownload(download)) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Дата');
    expect(sheet.getRow(2).getCell(7).value).toBe('Алия');
    expect(sheet.rowCount).toBe(2);
  });

  it('Masters: the calendar link with its QR code; a new link after a confirmation, the old one 404', async () => {
    const page = await browser.open(LAPTOP, owner.token);
    await page.goto(`${w.baseUrl}/admin/masters`);
    await page
      .getByRole('button', { name: /Подписаться в календаре/ })
      .first()
      .click();
    const card = page.getByTestId(`master-calendar-${master.id}`);
    const url = card.getByTestId('calendar-url');
    // PUBLIC_URL of the tests is http://booking.test; the feed is read from the test server by its path.
    await expect.poll(() => url.textContent()).toMatch(/^http:\/\/booking\.test\/ics\/[A-Za-z0-9_-]{32,}\.ics$/);
    const first = (await url.textContent())!;
    expect(await card.getByTestId('calendar-webcal').getAttribute('href')).toBe(first.replace(/^http:/, 'webcal:'));
    await card.locator('.qr svg').waitFor();
    const served = (address: string) => fetch(`${w.baseUrl}${new URL(address).pathname}`);
    const feed = await served(first);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Стрижка — Алия');
    await screenshot(page, 'data-io-master-calendar');
    await card.getByRole('button', { name: 'Новая ссылка' }).click();
    await card.getByRole('button', { name: 'Да, новая ссылка' }).click();
    await expect.poll(() => url.textContent()).not.toBe(first);
    await card.getByText('Готово: работает только новая ссылка.').waitFor();
    expect((await served(first)).status).toBe(404);
  });
});
