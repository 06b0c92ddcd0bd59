import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import cors from '@fastify/cors';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { frameworkErrors, registerErrorHandling } from './http/errors.js';
import { BODY_LIMIT, clientErrorHandler, registerAnonymousBodyLimit, registerJsonBounds } from './http/request-bounds.js';
import { loggedPath, safeError } from './http/log-redaction.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerMetrics } from './http/metrics.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerCompression } from './http/compression.js';
import { schemaController } from './http/validation.js';
import { swaggerOptions } from './http/openapi.js';
import { completeOpenApi } from './http/openapi-complete.js';
import { sharedSchemas } from './http/schemas.js';
import { systemClock, type Clock } from './core/clock.js';
import { WallClock } from './core/wallclock.js';
import { TokenService } from './modules/identity/tokens.js';
import { refusalAnswers, registerPolicy } from './modules/identity/guards.js';
import type { Notifier } from './modules/bookings/notifier.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authRoutes } from './modules/accounts/auth.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { clientRoutes } from './modules/clients/clients.routes.js';
import { scheduleRoutes } from './modules/schedules/schedules.routes.js';
import { timeOffRoutes } from './modules/time-off/time-off.routes.js';
import { availabilityRoutes } from './modules/availability/availability.routes.js';
import { bookingRoutes } from './modules/bookings/bookings.routes.js';
import { visitRoutes } from './modules/visits/visits.routes.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { superAdminLoginRoutes } from './modules/superadmin/login.routes.js';
import { superAdminRoutes } from './modules/superadmin/superadmin.routes.js';
import { webRoutes } from './modules/web/web.routes.js';
import { publicConfigRoutes } from './modules/web/public-config.routes.js';
import { messengerAuthRoutes } from './modules/accounts/messenger-auth.routes.js';
import { createMessenger } from './modules/bot/index.js';
import { rescheduleRoutes } from './modules/bookings/reschedule/reschedule.routes.js';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes.js';
import { masterCalendarRoutes } from './modules/calendar-feed/master-calendar.routes.js';
import { dataIoRoutes } from './modules/data-io/data-io.routes.js';
import { startLiveCaches } from './live-caches.js';
import { BookingEvents } from './modules/bookings/events.js';
import type { AppContext } from './context.js';

export interface BuildOptions {
  config: Config;
  /** Defaults to the system clock; tests pass a SettableClock. */
  clock?: Clock;
  /** Defaults to opening (and migrating) the database the config names. */
  database?: Database;
  /** Defaults to the Telegram notifier when BOT_TOKEN is set, else a disabled one. */
  notifier?: Notifier;
  /** Merged over the service's logger options (level, redaction, serializers stay unless overridden). */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers["x-telegram-init-data"]'],
    serializers: {
      // A database error's message holds the SQL and its parameters: never logged (src/http/log-redaction.ts).
      err: safeError,
      // The path only, without feed tokens, booking ids or phones (src/http/log-redaction.ts).
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        path: loggedPath(req.url),
        id: req.id,
      }),
    },
  };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger && typeof options.logger === 'object'
        ? { ...(loggerOptions(config) as object), ...options.logger }
        : (options.logger ?? loggerOptions(config)),
    bodyLimit: BODY_LIMIT,
    // CONTRACT.md §15: a client gets 10 s for its headers and 30 s for the whole request (at most 1 MB), inside
    // the shutdown grace, checked every second (node's default check runs every 30 s, so a stalled client
    // stayed past them); idle keep-alive connections stay 72 s, longer than a balancer's usual 60 s, so the
    // balancer closes them first.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    // Fastify accepts a hop count at runtime; its types only know the function form.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A caller's x-request-id is kept when it looks like an id; anything else (huge, odd characters) gets a fresh one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Our own {detail, code} answers instead of Fastify's bodies: the closing 503 (registerErrorHandling) and the router's refusals.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    schemaController: schemaController(),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => app.log.warn({ err: error }, 'PostgreSQL connection lost (the pool replaces it)'),
    }));
  const time = new WallClock(options.clock ?? systemClock, config.appTimezone);
  const messenger = await createMessenger({ config, db: database.db, log: app.log });
  app.decorate('ctx', {
    config,
    database,
    db: database.db,
    time,
    tokens: new TokenService(config.jwtSecret, () => time.unixSeconds(), {
      username: config.superadminUsername,
      password: config.superadminPassword,
    }),
    notifier: options.notifier ?? messenger.notifier,
    slotsCache: undefined,
    pageCache: undefined,
    lookupCache: undefined,
    visitLookupCache: undefined,
    bookingEvents: new BookingEvents(database, app.log),
  } satisfies AppContext);
  app.addHook('onClose', () => app.ctx.bookingEvents.close());
  if (!options.database) app.addHook('onClose', () => database.close());
  if (config.availabilityCache) {
    const caches = await startLiveCaches(app, database, app.log);
    app.ctx.slotsCache = caches.slots;
    app.ctx.pageCache = caches.pages;
    app.ctx.lookupCache = caches.lookups;
    app.ctx.visitLookupCache = caches.visitLookups;
  }
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerJsonBounds(app);
  registerAnonymousBodyLimit(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  // The mini app's origin (CORS_ORIGINS); any other origin gets no CORS headers at all.
  const allowedOrigins = new Set(config.corsOrigins);
  await app.register(cors, {
    // false (not a non-matching list) so a foreign origin gets no CORS header at all, not even Expose-Headers.
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: [
      'x-request-id',
      'idempotent-replayed',
      'retry-after',
      'x-total-count',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ],
    maxAge: 600,
  });
  await registerRateLimit(app);
  await registerMetrics(app, messenger.bot);
  for (const schema of sharedSchemas) app.addSchema(schema);
  completeOpenApi(app, refusalAnswers);
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Every route from here on declares who may call it (the documents above are anyone's).
  registerPolicy(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(catalogRoutes);
      await api.register(clientRoutes);
      await api.register(scheduleRoutes);
      await api.register(timeOffRoutes);
      await api.register(availabilityRoutes);
      await api.register(bookingRoutes);
      await api.register(visitRoutes);
      await api.register(locationRoutes);
      await api.register(publicConfigRoutes);
      await api.register(superAdminLoginRoutes);
      await api.register(superAdminRoutes);
      await api.register(messengerAuthRoutes);
      await api.register(rescheduleRoutes);
      await api.register(masterCalendarRoutes);
      await api.register(dataIoRoutes);
      await api.register(messenger.routes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(calendarFeedRoutes);
  await app.register(webRoutes);
  return app;
}
