/** The use case behind GET /{slug} (web.routes.ts): a business's booking page, cached beside the public catalog. */
import type { AppContext } from '../../context.js';
import { pageSecurityPolicy } from '../../http/security-headers.js';
import { slugProblem } from '../../core/slug.js';
import { findBusinessBySlug, publicBusinessBody, type BusinessRow } from '../catalog/business.queries.js';
import { cachedAnswer, type PageAnswer } from '../catalog/public-cache.js';
import { listMasters } from '../catalog/masters.queries.js';
import { listPublicServices } from '../catalog/public-services.js';
import { openingHours } from '../schedules/hours.js';
import { bookingPageMeta, withMeta } from './meta.js';
import { withInitialData } from './initial-data.js';
import { HTML_TYPE } from './pages.js';
import { readPublicConfig } from './public-config.service.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'pageCache'>;

export type BookingPageAnswer =
  | { kind: 'not_found' }
  | { kind: 'not_built' }
  | { kind: 'moved'; slug: string }
  | { kind: 'page'; page: PageAnswer; securityPolicy: string };

/** The booking page of the business at this slug: not found, moved to the business's current slug, or the page with its CSP. */
export async function findBookingPage(ctx: Ctx, template: string | undefined, slug: string): Promise<BookingPageAnswer> {
  if (slugProblem(slug) !== null) return { kind: 'not_found' };
  if (!template) return { kind: 'not_built' };
  let moved: string | undefined;
  const page = await cachedAnswer(ctx.pageCache, slug, 'page', async () => {
    const business = await findBusinessBySlug(ctx.db, slug);
    moved = business && business.slug !== slug ? business.slug : undefined;
    if (!business || moved) return undefined;
    return {
      businessId: business.id,
      currentSlug: business.slug,
      text: await bookingPage(ctx, template, business),
      type: HTML_TYPE,
      // The sites this business lets frame its page (CONTRACT.md §18), made once with the page.
      securityPolicy: pageSecurityPolicy(business.embedOrigins),
    };
  });
  if (moved) return { kind: 'moved', slug: moved };
  if (!page) return { kind: 'not_found' };
  return { kind: 'page', page, securityPolicy: page.securityPolicy ?? pageSecurityPolicy([]) };
}

/** The booking page with the business, its services, masters and hours inlined: the first step paints without a request. */
async function bookingPage(ctx: Ctx, template: string, business: BusinessRow): Promise<string> {
  const [services, masters] = await Promise.all([listPublicServices(ctx.db, business.id), listMasters(ctx.db, business.id)]);
  const hours = await openingHours(
    ctx.db,
    business.id,
    masters.map((m) => m.id),
  );
  const initial = {
    config: readPublicConfig(ctx.config),
    business: publicBusinessBody(business),
    services,
    // With the masters inside, a salon without any says so before the first step, without a request.
    masters: masters.map(({ id, name, services: linked }) => ({ id, name, services: linked })),
    hours,
  };
  return withMeta(withInitialData(template, initial), bookingPageMeta(business, ctx.config.publicUrl));
}
