/** GET /public/{slug}/my-bookings (CONTRACT.md §18): the mini-app user's own visits to one business. View only. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '../../core/errors.js';
import { perMinute } from '../../http/rate-limit.js';
import { BookingStatusSchema, errorResponses, Nullable, SlugParams } from '../../http/schemas.js';
import { telegramSecurity } from '../../http/openapi-security.js';
import { validateInitData } from '../identity/init-data.js';
import { INIT_DATA_REQUIRED } from '../identity/policy.js';
import { businessBySlugOr404 } from '../catalog/business.queries.js';
import { MY_BOOKINGS_LIMIT, myBookings } from './my-bookings.queries.js';
import { scopeAction } from '../identity/guards.js';

const MyBookingBody = Type.Object({
  id: Type.String(),
  status: BookingStatusSchema,
  start_at: Type.String(),
  end_at: Type.String(),
  service: Type.Object({ id: Type.Integer(), name: Type.String() }),
  master: Type.Object({ id: Type.Integer(), name: Type.String() }),
  price_snapshot: Type.Number(),
  visit_id: Nullable(Type.String({ description: 'CONTRACT.md §20: the visit this booking is an item of; null for a single booking' })),
});

const refused = (detail: string) => new DomainError('invalid_credentials', detail);

export const myBookingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'mini_app.own');
  const { config } = app.ctx;

  /** The Telegram user the signed initData names; 401 when it is missing, forged or stale (§3). */
  const telegramUserOf = (header: string | string[] | undefined): string => {
    if (typeof header !== 'string' || header === '') throw refused(INIT_DATA_REQUIRED);
    if (config.botToken === undefined) throw refused('Mini-app login is unavailable: the Telegram bot is not configured');
    const result = validateInitData(header, config.botToken, app.ctx.time.unixSeconds());
    if (!result.ok) throw refused(result.reason === 'expired' ? 'initData expired' : 'Invalid initData');
    return String(result.user.id);
  };

  app.get(
    '/public/:slug/my-bookings',
    {
      config: perMinute(config.rateLimits.login),
      schema: {
        tags: ['public'],
        operationId: 'listMyBookings',
        summary: "The mini-app user's own bookings",
        security: telegramSecurity,
        description:
          `Bookings of this business made from the mini app by the Telegram user of X-Telegram-Init-Data, and those of the ` +
          `phones that user verified by sharing the contact with the bot; newest start first, at most ${MY_BOOKINGS_LIMIT}. ` +
          'A booking id never adds a phone. 401 on a missing, forged or stale header.',
        params: SlugParams,
        headers: Type.Object({ 'x-telegram-init-data': Type.Optional(Type.String({ maxLength: 8192 })) }),
        response: { 200: Type.Array(MyBookingBody, { maxItems: MY_BOOKINGS_LIMIT }), ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      const telegramUserId = telegramUserOf(request.headers['x-telegram-init-data']);
      const business = await businessBySlugOr404(app.ctx.db, request.params.slug);
      reply.header('cache-control', 'no-store');
      return myBookings(app.ctx.db, business.id, telegramUserId);
    },
  );
};
