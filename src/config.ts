import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensurePrivateDir } from './private-dir.js';

export interface RateLimits {
  /** requests per minute per client address */
  login: number;
  register: number;
  superadminLogin: number;
  booking: number;
  location: number;
  /** GET /{slug}/og.png per client address: each new card is drawn (~30 ms of a worker). */
  ogImage: number;
  /** GET /ics/{token}.ics per client address (calendar apps poll each feed every few hours). */
  calendarFeed: number;
}

/** scrypt's work factors for a new password hash (every hash records its own, so a change never breaks a login). */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** ~60 ms a hash on a 2-core machine. Not an env var: an operator cannot lower it by mistake. */
export const PASSWORD_COST: PasswordCost = { N: 16384, r: 8, p: 1 };

export interface Config {
  /** Tests lower it (test/helpers/app.ts) so a thousand registrations do not cost a minute of CPU. */
  passwordCost: PasswordCost;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  botToken: string | undefined;
  botUsername: string | undefined;
  telegramApiUrl: string;
  /** TELEGRAM_WEBHOOK_SECRET, else derived from the JWT secret: the webhook always checks one (CONTRACT.md §11). */
  telegramWebhookSecret: string;
  mapApiUrl: string;
  mapApiKey: string | undefined;
  captchaSecret: string | undefined;
  captchaSiteKey: string | undefined;
  captchaVerifyUrl: string;
  superadminUsername: string | undefined;
  superadminPassword: string | undefined;
  appTimezone: string;
  publicUrl: string;
  corsOrigins: string[];
  /** Which X-Forwarded-For hops to believe for the client address (rate limits): false = none. */
  trustProxy: false | number | string[];
  rateLimits: RateLimits;
  logLevel: string;
  /** AVAILABILITY_CACHE: keep slots answers until a write invalidates them; 0/false turns it off. */
  availabilityCache: boolean;
  /** REDIS_URL: rate-limit counters shared by every instance; unset = kept in this process's memory. */
  redisUrl: string | undefined;
  /** REDIS_PREFIX: key prefix of the counters, so several deployments can share one Redis. */
  redisPrefix: string;
  /** METRICS_TOKEN: GET /metrics answers with this bearer token only; unset = no /metrics (404). */
  metricsToken: string | undefined;
  /** SHUTDOWN_DRAIN_MS: after SIGTERM, /readyz answers 503 this long (requests still served) so a balancer moves away first. */
  shutdownDrainMs: number;
  /** SHUTDOWN_GRACE_MS: then in-flight requests get this long to finish before the process gives up. */
  shutdownGraceMs: number;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** Where the data lives: DATABASE_URL's PostgreSQL, else PGlite in DATA_DIR (which also keeps a generated JWT secret). */
export function dataLocation(env: Env = process.env): { databaseUrl: string | undefined; dataDir: string } {
  return { databaseUrl: nonEmpty(env.DATABASE_URL), dataDir: resolve(nonEmpty(env.DATA_DIR) ?? './data') };
}

export const jwtSecretFile = (dataDir: string): string => join(dataDir, 'jwt_secret');

/** JWT_SECRET when set; otherwise one generated on first start and kept in DATA_DIR. */
function jwtSecretFrom(env: Env, dataDir: string): string {
  const fromEnv = nonEmpty(env.JWT_SECRET);
  if (fromEnv) return fromEnv;
  const file = jwtSecretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** CONTRACT.md §11: lowercase hex HMAC-SHA256(key JWT_SECRET, 'telegram-webhook-secret'). */
export const derivedWebhookSecret = (jwtSecret: string): string =>
  createHmac('sha256', jwtSecret).update('telegram-webhook-secret').digest('hex');

/**
 * TRUST_PROXY: unset/false = the socket address; a hop count; or comma-separated addresses/CIDRs
 * of the proxies. `true` is refused (CONTRACT.md §11): it takes the leftmost X-Forwarded-For
 * entry, which the client writes itself, so every per-address limit could be dodged.
 */
function trustProxyFrom(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true')
    throw new Error(
      "TRUST_PROXY=true would trust the client-written leftmost X-Forwarded-For entry; set the hop count instead (TRUST_PROXY=1 behind one proxy such as HAProxy or nginx) or the proxies' addresses",
    );
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function flagFrom(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

function assertTimezone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new Error(`APP_TIMEZONE "${tz}" is not a known IANA time zone`);
  }
  return tz;
}

export function loadConfig(env: Env = process.env): Config {
  const port = intFrom(env, 'PORT', 8080);
  const { databaseUrl, dataDir } = dataLocation(env);
  const publicUrl = withoutTrailingSlash(nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`);
  const jwtSecret = jwtSecretFrom(env, dataDir);
  return {
    passwordCost: PASSWORD_COST,
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    jwtSecret,
    botToken: nonEmpty(env.BOT_TOKEN),
    botUsername: nonEmpty(env.BOT_USERNAME)?.replace(/^@/, ''),
    telegramApiUrl: withoutTrailingSlash(nonEmpty(env.TELEGRAM_API_URL) ?? 'https://api.telegram.org'),
    telegramWebhookSecret: nonEmpty(env.TELEGRAM_WEBHOOK_SECRET) ?? derivedWebhookSecret(jwtSecret),
    mapApiUrl: withoutTrailingSlash(nonEmpty(env.MAP_API_URL) ?? 'https://catalog.api.2gis.com'),
    mapApiKey: nonEmpty(env.MAP_API_KEY),
    captchaSecret: nonEmpty(env.CAPTCHA_SECRET),
    captchaSiteKey: nonEmpty(env.CAPTCHA_SITE_KEY),
    captchaVerifyUrl: nonEmpty(env.CAPTCHA_VERIFY_URL) ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    superadminUsername: nonEmpty(env.SUPERADMIN_USERNAME),
    superadminPassword: nonEmpty(env.SUPERADMIN_PASSWORD),
    appTimezone: assertTimezone(nonEmpty(env.APP_TIMEZONE) ?? 'Asia/Almaty'),
    publicUrl,
    corsOrigins: (nonEmpty(env.CORS_ORIGINS) ?? publicUrl)
      .split(',')
      .map((origin) => withoutTrailingSlash(origin.trim()))
      .filter(Boolean),
    trustProxy: trustProxyFrom(nonEmpty(env.TRUST_PROXY)),
    rateLimits: {
      login: intFrom(env, 'RATE_LIMIT_LOGIN', 10),
      register: intFrom(env, 'RATE_LIMIT_REGISTER', 5),
      superadminLogin: intFrom(env, 'RATE_LIMIT_SUPERADMIN_LOGIN', 5),
      booking: intFrom(env, 'RATE_LIMIT_BOOKING', 20),
      location: intFrom(env, 'RATE_LIMIT_LOCATION', 60),
      ogImage: intFrom(env, 'RATE_LIMIT_OG_IMAGE', 120),
      calendarFeed: intFrom(env, 'RATE_LIMIT_CALENDAR_FEED', 60),
    },
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    availabilityCache: flagFrom(env, 'AVAILABILITY_CACHE', true),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? 'booking:rl:',
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    shutdownDrainMs: intFrom(env, 'SHUTDOWN_DRAIN_MS', 0),
    // Longer than any request can take: database waits are bounded at ~2.5 s a statement, notifications at 6 s.
    shutdownGraceMs: intFrom(env, 'SHUTDOWN_GRACE_MS', 35_000),
  };
}
