/** Where the mini app's start parameter leads when Telegram is not there (CONTRACT.md §18): pure, for the page and its tests. */
import { pageQuery, parseStartParam } from '@core/reach-links.js';

/** The start parameter when Telegram is not there to give it: ?startapp=, or tgWebAppStartParam in the query or the hash. */
export function startParamOfUrl(where: { search: string; hash: string }): string {
  const search = new URLSearchParams(where.search);
  const hash = new URLSearchParams(where.hash.replace(/^#/, ''));
  return search.get('startapp') ?? search.get('tgWebAppStartParam') ?? hash.get('tgWebAppStartParam') ?? '';
}

/** `/{slug}` with what the start parameter chose; nothing when it names no salon. */
export function webPageOf(startParam: string): string | null {
  const { slug, ...choice } = parseStartParam(startParam);
  return /^[a-z0-9-]+$/.test(slug) ? `/${slug}${pageQuery(choice)}` : null;
}
