/** The built HTML pages (web/dist) and how they are sent. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { webDist } from '../../paths.js';
import { withInitialData } from './initial-data.js';
import { withMeta, type PageMeta } from './meta.js';
import { readPublicConfig } from './public-config.service.js';

export const HTML_TYPE = 'text/html; charset=utf-8';

const NOT_FOUND_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Страница не найдена</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.ico" sizes="32x32"><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7fb;color:#1d2433}
main{max-width:22rem;padding:2rem;text-align:center}h1{font-size:1.4rem}a{color:#3a5bd9}</style></head>
<body><main><h1>Страница не найдена</h1><p>Такой страницы записи нет. Проверьте ссылку или спросите её у салона.</p>
<p lang="kk">Мұндай бет жоқ.</p><p lang="en">This booking page does not exist.</p></main></body></html>`;

function readPage(name: string): string | undefined {
  const file = join(webDist, `${name}.html`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export const readBuiltPages = () => ({
  booking: readPage('booking'),
  app: readPage('app'),
  admin: readPage('admin'),
  superadmin: readPage('superadmin'),
});

/** The mini app and the panels carry the public config only (APP_TIMEZONE for "today", the bot's name). */
export function configuredPanels(config: Config, pages: ReturnType<typeof readBuiltPages>) {
  const withConfig = (html: string | undefined, meta: PageMeta) =>
    html && withMeta(withInitialData(html, { config: readPublicConfig(config) }), meta);
  const panel = (title: string, description: string): PageMeta => ({ title, description, noindex: true });
  return {
    app: withConfig(pages.app, panel('Онлайн-запись', 'Запись в салон и кабинет мастера в Telegram.')),
    admin: withConfig(
      pages.admin,
      panel('Кабинет салона', 'Кабинет салона: записи, мастера, услуги, расписание и настройки онлайн-записи.'),
    ),
    superadmin: withConfig(pages.superadmin, panel('Оператор сервиса', 'Консоль оператора сервиса онлайн-записи.')),
  };
}

/** The page, or 503 while the pages are not built. */
export const sendPage = (reply: FastifyReply, html: string | undefined, status = 200) =>
  reply
    .status(html ? status : 503)
    .header('cache-control', 'no-cache')
    .type(HTML_TYPE)
    .send(html ?? 'Web pages are not built yet: run npm run build');

export const sendNotFoundPage = (reply: FastifyReply) => reply.status(404).type(HTML_TYPE).send(NOT_FOUND_PAGE);
