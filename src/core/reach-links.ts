/**
 * Links that choose for the client (CONTRACT.md §18): the page's query
 * `?service=&master=&date=` and the mini app's start parameter
 * `{slug}__m{master_id}__s{service_id}`. Pure: what a link names, never
 * whether it exists (an unknown id is the page's to ignore).
 */

/** What a link chose; each part absent when the link did not name it (or named it badly). */
export interface LinkChoice {
  serviceId?: number;
  masterId?: number;
}

export interface PageChoice extends LinkChoice {
  /** YYYY-MM-DD, a real calendar date (whether it is past is the page's to judge). */
  date?: string;
}

/** Telegram's limit on a start parameter. */
export const MAX_START_PARAM_LENGTH = 64;
/** Slugs never hold "_" (src/core/slug.ts), so "__" cannot be part of one. */
const SEPARATOR = '__';
const MAX_ID = 2147483647;

/** A positive integer id of a database row, or undefined for anything else ("07", "1e3", "-1", too big). */
export function linkId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

/** A real date written YYYY-MM-DD, or undefined. */
export function linkDate(raw: string | null | undefined): string | undefined {
  const match = raw ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= days ? raw! : undefined;
}

/** `?service=3&master=7&date=2026-12-01` (a URLSearchParams or a search string) → what it chose. */
export function pageChoice(search: string | URLSearchParams): PageChoice {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const choice: PageChoice = {};
  const serviceId = linkId(params.get('service'));
  const masterId = linkId(params.get('master'));
  const date = linkDate(params.get('date'));
  if (serviceId !== undefined) choice.serviceId = serviceId;
  if (masterId !== undefined) choice.masterId = masterId;
  if (date !== undefined) choice.date = date;
  return choice;
}

/** The page's query for a choice, with a leading "?" ("" when nothing is chosen). */
export function pageQuery(choice: PageChoice): string {
  const params = new URLSearchParams();
  if (choice.serviceId !== undefined) params.set('service', String(choice.serviceId));
  if (choice.masterId !== undefined) params.set('master', String(choice.masterId));
  if (choice.date !== undefined) params.set('date', choice.date);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The mini app's start parameter for a slug and a choice; null when it would pass Telegram's 64 characters. */
export function startParamFor(slug: string, choice: LinkChoice = {}): string | null {
  const parts = [slug];
  if (choice.masterId !== undefined) parts.push(`m${choice.masterId}`);
  if (choice.serviceId !== undefined) parts.push(`s${choice.serviceId}`);
  const param = parts.join(SEPARATOR);
  return param.length <= MAX_START_PARAM_LENGTH ? param : null;
}

/** `{slug}`, `{slug}__s{id}`, `{slug}__m{id}`, `{slug}__m{id}__s{id}` → the slug and what it chose; unknown parts are ignored. */
export function parseStartParam(param: string): LinkChoice & { slug: string } {
  const [slug = '', ...parts] = param.split(SEPARATOR);
  const parsed: LinkChoice & { slug: string } = { slug };
  for (const part of parts) {
    const id = linkId(part.slice(1));
    if (id === undefined) continue;
    if (part[0] === 's' && parsed.serviceId === undefined) parsed.serviceId = id;
    if (part[0] === 'm' && parsed.masterId === undefined) parsed.masterId = id;
  }
  return parsed;
}

/** The bot's mini app opened with a start parameter (Telegram's main mini app link). */
export function miniAppLink(botUsername: string, startParam: string): string {
  return `https://t.me/${botUsername}?startapp=${startParam}`;
}
