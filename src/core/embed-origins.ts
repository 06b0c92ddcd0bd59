/**
 * The sites a salon lets frame its booking page (CONTRACT.md §18):
 * `embed_origins` of PUT /business, and the page's `frame-ancestors`.
 */

export const MAX_EMBED_ORIGINS = 10;
/** Telegram Web shows mini apps (and pages opened from them) in an iframe. */
export const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org';

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/**
 * "https://Salon.kz/", "https://salon.kz:8443" → the origin ("https://salon.kz", "https://salon.kz:8443");
 * null for anything that is not a bare https origin: http, a path, a query, credentials, a wildcard.
 */
export function embedOrigin(raw: string): string | null {
  const text = raw.trim();
  if (!/^https:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== '/' || /^https:\/\/[^/]+\/./i.test(text)) return null;
  if (!HOST.test(url.hostname)) return null;
  return url.origin;
}

export type EmbedOriginsProblem = { kind: 'too_many' } | { kind: 'invalid'; value: string };

/** The list as stored (each an origin, no repeats, in the given order), or what is wrong with it. */
export function embedOrigins(raw: readonly string[]): { origins: string[] } | { problem: EmbedOriginsProblem } {
  const origins: string[] = [];
  for (const value of raw) {
    const origin = embedOrigin(value);
    if (origin === null) return { problem: { kind: 'invalid', value } };
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MAX_EMBED_ORIGINS) return { problem: { kind: 'too_many' } };
  return { origins };
}

/** The page's frame-ancestors: itself, Telegram Web and the salon's sites; never "*". */
export function frameAncestors(origins: readonly string[]): string {
  return ["'self'", TELEGRAM_WEB_ORIGIN, ...origins.filter((origin) => embedOrigin(origin) === origin)].join(' ');
}
