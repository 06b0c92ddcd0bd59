/**
 * The files browsers and crawlers ask for at the site's root: icons (drawn by
 * scripts/gen-icons.mjs into web/public, copied to web/dist by Vite), the
 * share card and robots.txt. Not content-hashed, so cached for a day, not
 * forever.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import { webDist } from '../../paths.js';
import { findBusinessBySlug } from '../catalog/business.queries.js';
import { slugProblem } from '../../core/slug.js';
import { perMinute } from '../../http/rate-limit.js';
import { salonCard } from './og-card.js';

const ROOT_FILES: Record<string, string> = {
  'favicon.ico': 'image/x-icon',
  'favicon.svg': 'image/svg+xml',
  'apple-touch-icon.png': 'image/png',
  'icon-512.png': 'image/png',
  'og-card.png': 'image/png',
};

// Rules match by prefix: "/app" alone would also hide a salon whose slug starts with "app"; "$" ends a rule.
const PANELS = ['/admin', '/superadmin', '/app'].flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}/`]);
const ROBOTS = ['User-agent: *', ...PANELS, 'Disallow: /api/', 'Allow: /', ''].join('\n');

const DAY = 'public, max-age=86400';
const OG_CONCURRENCY = 1;

export function registerSiteFiles(app: FastifyInstance): void {
  const hide = { schema: { hide: true } };
  const files = new Map<string, Buffer>();
  for (const name of Object.keys(ROOT_FILES)) {
    const path = join(webDist, name);
    if (existsSync(path)) files.set(name, readFileSync(path));
  }
  for (const [name, type] of Object.entries(ROOT_FILES)) {
    app.get(`/${name}`, hide, (_request, reply) => {
      const body = files.get(name);
      if (!body) return reply.status(404).type('text/plain; charset=utf-8').send('Not built yet: run npm run build');
      return reply.type(type).header('cache-control', DAY).send(body);
    });
  }
  app.get('/robots.txt', hide, (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', DAY).send(ROBOTS));
  // The card a shared link previews with: the salon's name drawn on it, else the generic card.
  // Drawn off the event loop and remembered per business and content; the limit keeps one client from cycling through them all.
  const ogOptions = { ...hide, config: perMinute(app.ctx.config.rateLimits.ogImage) };
  // Cards are looked up and drawn a few at a time: a flood waits here (cheaply) instead of filling the database
  // queue (PGlite works on this thread) and the event loop, so /healthz and bookings are answered in between.
  const fewAtATime = pLimit(OG_CONCURRENCY);
  app.get<{ Params: { slug: string } }>('/:slug/og.png', ogOptions, async (request, reply) => {
    const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (slugProblem(request.params.slug) !== null) return notFound();
    const found = await fewAtATime(async () => {
      const business = await findBusinessBySlug(app.ctx.db, request.params.slug);
      return business && { card: await salonCard(business) };
    });
    if (!found) return notFound();
    const card = found.card ?? files.get('og-card.png');
    if (!card) return notFound();
    // An hour: a renamed salon's previews catch up the same day.
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(card);
  });
}
