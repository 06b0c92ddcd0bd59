/**
 * Serves the built web pages (web/dist) from the API process, CONTRACT.md §9:
 * /{slug} booking page (404 page for an unknown slug), /app mini app,
 * /admin provider panel, /superadmin operator console.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { webDist } from '../../paths.js';
import { sendPrecompressed } from '../../http/precompressed.js';
import { findBusinessBySlug, publicBusinessBody, type BusinessRow } from '../catalog/business.queries.js';
import { cachedAnswer } from '../catalog/public-cache.js';
import { listMasters } from '../catalog/masters.queries.js';
import { listPublicServices } from '../catalog/public-services.js';
import { businessHours } from '../schedules/hours.js';
import { slugProblem } from '../../core/slug.js';
import { publicConfig } from './config.routes.js';
import { withInitialData } from './initial-data.js';
import { bookingPageMeta, withMeta, type PageMeta } from './meta.js';
import { registerSiteFiles } from './site-files.js';
import { setPageSecurityPolicy } from '../../http/security-headers.js';
import { registerEmbedScript } from './embed-script.js';
import { scopeAction } from '../identity/guards.js';

const NOT_FOUND_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Страница не найдена</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.ico" sizes="32x32"><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7fb;color:#1d2433}
main{max-width:22rem;padding:2rem;text-align:center}h1{font-size:1.4rem}a{color:#3a5bd9}</style></head>
<body><main><h1>Страница не найдена</h1><p>Такой страницы записи нет. Проверьте ссылку или спросите её у салона.</p>
<p lang="kk">Мұндай бет жоқ.</p><p lang="en">This booking page does not exist.</p></main></body></html>`;

function readPage(name: string): string | undefined {
  const file = join(webDist, `${name}.html`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export const webRoutes: FastifyPluginAsync = async (app) => {
  scopeAction(app, 'public');
  if (!existsSync(webDist)) {
    app.log.warn(`web pages are not built (${webDist} missing): run npm run build`);
  } else {
    await app.register(fastifyStatic, {
      root: join(webDist, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      wildcard: true,
      // .br and .gz siblings written by scripts/build-web.mjs, picked by Accept-Encoding.
      preCompressed: true,
    });
  }
  registerSiteFiles(app);
  registerEmbedScript(app);
  const pages = {
    booking: readPage('booking'),
    app: readPage('app'),
    admin: readPage('admin'),
    superadmin: readPage('superadmin'),
  };

  const sendPage = (reply: FastifyReply, html: string | undefined, status = 200) =>
    reply
      .status(html ? status : 503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html ?? 'Web pages are not built yet: run npm run build');
  const notFoundPage = (reply: FastifyReply) => reply.status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);

  const hide = { schema: { hide: true } };
  const HTML_TYPE = 'text/html; charset=utf-8';
  app.get('/', hide, (_request, reply) => reply.redirect('/admin'));
  // The mini app and the panels carry the public config only (APP_TIMEZONE for "today", the bot's name).
  const withConfig = (html: string | undefined, meta: PageMeta) =>
    html && withMeta(withInitialData(html, { config: publicConfig(app.ctx.config) }), meta);
  const panel = (title: string, description: string): PageMeta => ({ title, description, noindex: true });
  const configured = {
    app: withConfig(pages.app, panel('Онлайн-запись', 'Запись в салон и кабинет мастера в Telegram.')),
    admin: withConfig(
      pages.admin,
      panel('Кабинет салона', 'Кабинет салона: записи, мастера, услуги, расписание и настройки онлайн-записи.'),
    ),
    superadmin: withConfig(pages.superadmin, panel('Оператор сервиса', 'Консоль оператора сервиса онлайн-записи.')),
  };
  app.get('/app', hide, (_request, reply) => sendPage(reply, configured.app));
  for (const panel of ['admin', 'superadmin'] as const) {
    app.get(`/${panel}`, hide, (_request, reply) => sendPage(reply, configured[panel]));
    app.get(`/${panel}/*`, hide, (_request, reply) => sendPage(reply, configured[panel]));
  }
  app.get<{ Params: { slug: string } }>('/:slug', hide, async (request, reply) => {
    const { slug } = request.params;
    if (slugProblem(slug) !== null) return notFoundPage(reply);
    if (!pages.booking) return sendPage(reply, undefined);
    const template = pages.booking;
    let moved: string | undefined;
    const page = await cachedAnswer(app.ctx.pageCache, slug, 'page', async () => {
      const business = await findBusinessBySlug(app.ctx.db, slug);
      moved = business && business.slug !== slug ? business.slug : undefined;
      if (!business || moved) return undefined;
      return { businessId: business.id, currentSlug: business.slug, text: await bookingPage(template, business), type: HTML_TYPE };
    });
    // A former slug (CONTRACT.md §11): links printed or shared before the change keep working.
    if (moved) return reply.redirect(`/${moved}`, 301);
    if (!page) return notFoundPage(reply);
    setPageSecurityPolicy(reply, await embedOriginsOf(slug));
    return sendPrecompressed(request, reply.header('cache-control', 'no-cache'), page);
  });

  /** The sites this business lets frame its page (CONTRACT.md §18), kept beside the page itself. */
  async function embedOriginsOf(slug: string): Promise<string[]> {
    const kept = await cachedAnswer(app.ctx.pageCache, slug, 'embed-origins', async () => {
      const business = await findBusinessBySlug(app.ctx.db, slug);
      if (!business) return undefined;
      return { businessId: business.id, currentSlug: business.slug, text: JSON.stringify(business.embedOrigins), type: 'application/json' };
    });
    return kept ? (JSON.parse(kept.identity.toString('utf8')) as string[]) : [];
  }

  /** The booking page with the business, its services, masters and hours inlined: the first step paints without a request. */
  async function bookingPage(template: string, business: BusinessRow): Promise<string> {
    const [services, masters, hours] = await Promise.all([
      listPublicServices(app.ctx.db, business.id),
      listMasters(app.ctx.db, business.id),
      businessHours(app.ctx.db, business.id),
    ]);
    const initial = {
      config: publicConfig(app.ctx.config),
      business: publicBusinessBody(business),
      services,
      // With the masters inside, a salon without any says so before the first step, without a request.
      masters: masters.map(({ id, name, services: linked }) => ({ id, name, services: linked })),
      hours,
    };
    return withMeta(withInitialData(template, initial), bookingPageMeta(business, app.ctx.config.publicUrl));
  }
};
