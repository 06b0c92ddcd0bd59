/**
 * Serves the built web pages (web/dist) from the API process, CONTRACT.md §9:
 * /{slug} booking page (404 page for an unknown slug), /app mini app,
 * /admin provider panel, /superadmin operator console.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { webDist } from '../../paths.js';
import { sendPrecompressed } from '../../http/precompressed.js';
import { setPageSecurityPolicy } from '../../http/security-headers.js';
import { registerSiteFiles } from './site-files.routes.js';
import { registerEmbedScript } from './embed-script.routes.js';
import { configuredPanels, readBuiltPages, sendNotFoundPage, sendPage } from './pages.js';
import { findBookingPage } from './booking-page.service.js';
import { hiddenPageSchema } from './web.schemas.js';
import { scopeAction } from '../identity/guards.js';

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
  const pages = readBuiltPages();
  const configured = configuredPanels(app.ctx.config, pages);
  const hide = { schema: hiddenPageSchema };

  app.get('/', hide, (_request, reply) => reply.redirect('/admin'));
  app.get('/app', hide, (_request, reply) => sendPage(reply, configured.app));
  for (const panel of ['admin', 'superadmin'] as const) {
    app.get(`/${panel}`, hide, (_request, reply) => sendPage(reply, configured[panel]));
    app.get(`/${panel}/*`, hide, (_request, reply) => sendPage(reply, configured[panel]));
  }
  app.get<{ Params: { slug: string } }>('/:slug', hide, async (request, reply) => {
    const answer = await findBookingPage(app.ctx, pages.booking, request.params.slug);
    if (answer.kind === 'not_built') return sendPage(reply, undefined);
    // A former slug (CONTRACT.md §11): links printed or shared before the change keep working.
    if (answer.kind === 'moved') return reply.redirect(`/${answer.slug}`, 301);
    if (answer.kind === 'not_found') return sendNotFoundPage(reply);
    setPageSecurityPolicy(reply, answer.securityPolicy);
    return sendPrecompressed(request, reply.header('cache-control', 'no-cache'), answer.page);
  });
};
