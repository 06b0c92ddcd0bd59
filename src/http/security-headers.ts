import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { frameAncestors } from '../core/embed-origins.js';

/** Third parties our pages load: Telegram's mini-app script and the Turnstile captcha widget. */
const TELEGRAM = 'https://telegram.org';
const TURNSTILE = 'https://challenges.cloudflare.com';

/**
 * Helmet with a CSP that lets exactly our own pages work: same-origin scripts
 * (the web build, /api/docs' Swagger UI), Telegram's telegram-web-app.js and
 * Turnstile (script plus its iframe). Inline styles stay allowed (Swagger UI
 * and the widgets set them); inline scripts do not.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'", TELEGRAM, TURNSTILE],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", TURNSTILE],
      // Itself and Telegram Web (which shows mini apps in an iframe); a salon's booking page adds its own sites (pageSecurityPolicy).
      'frame-ancestors': frameAncestors([]).split(' '),
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    },
  },
  // frame-ancestors above replaces X-Frame-Options, which cannot allow Telegram Web.
  frameguard: false,
  crossOriginEmbedderPolicy: false,
  // The mini app opens Telegram links; a strict opener policy would cut them off.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * Runs helmet once against a recording response and returns what it did: the
 * headers it set and the ones it removed. Our options are static (no nonces,
 * no per-request directive functions), so every response gets the same set.
 */
function computeHelmetHeaders(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      remove.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set, remove };
}

/**
 * Sets helmet's headers with the CSP above on every response.
 *
 * Why not @fastify/helmet: it calls `helmet(options)` inside an onRequest hook,
 * so every request re-parses the CSP directives and rebuilds eleven
 * middlewares; in the bench profiles that was the largest single per-request
 * cost (~9 % of CPU on GET /healthz). The headers are the same for every
 * request here, so they are computed once, at registration, by helmet itself,
 * and copied onto each response the way helmet would set them (on the raw
 * response, in onRequest).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { set, remove } = computeHelmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const name of remove) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    if (isPrivateAnswer(request.headers.authorization, request.url)) res.setHeader('cache-control', 'no-store');
    done();
  });
}

const CSP_HEADER = 'content-security-policy';
const DEFAULT_CSP = computeHelmetHeaders(HELMET_OPTIONS).set.find(([name]) => name.toLowerCase() === CSP_HEADER)![1];

/**
 * CONTRACT.md §18: the CSP of a salon's booking page, the same as every answer's but with the salon's
 * sites (embed_origins, already checked) among the frame ancestors.
 */
export function pageSecurityPolicy(origins: readonly string[]): string {
  return DEFAULT_CSP.replace(/frame-ancestors [^;]*/, () => `frame-ancestors ${frameAncestors(origins)}`);
}

/** Sets a page's own CSP (pageSecurityPolicy) on a reply, after the onRequest hook above set the default one. */
export function setPageSecurityPolicy(reply: FastifyReply, policy: string): void {
  reply.raw.setHeader(CSP_HEADER, policy);
}

/**
 * CONTRACT.md §11: an answer to a request with credentials, or one that hands out a token,
 * is never kept by a browser or a shared cache.
 */
export const isPrivateAnswer = (authorization: string | undefined, url: string): boolean =>
  authorization !== undefined || url.startsWith('/api/v1/auth/') || url.startsWith('/api/v1/superadmin/login');
