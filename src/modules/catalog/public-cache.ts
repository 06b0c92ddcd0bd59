/**
 * The booking page and the public catalog answers from the per-business cache
 * (src/db/business-cache.ts, wired in src/live-caches.ts): made once per change of the business's rows,
 * serialized and compressed once, forgotten by the same notifications as
 * slots on every instance. Only an answer asked by the business's current
 * slug is kept: a former slug is looked up every time (it redirects or
 * answers the same business without taking the current slug's place).
 */
import { readThrough, type BusinessCache } from '../../db/business-cache.js';
import { precompress, type Precompressed } from '../../http/precompressed.js';

/** A kept answer; the booking page keeps its own CSP with it (CONTRACT.md §18: the salon's sites may frame it). */
export interface PageAnswer extends Precompressed {
  securityPolicy?: string;
}

export type PageCache = BusinessCache<PageAnswer>;

export interface Made {
  businessId: number;
  /** The slug the business has now: the answer is kept only when it is the one asked for. */
  currentSlug: string;
  text: string;
  type: string;
  securityPolicy?: string;
}

/** With a `make` that always answers (it throws for an unknown business), so does this. */
export async function cachedAnswer(cache: PageCache | undefined, slug: string, key: string, make: () => Promise<Made>): Promise<PageAnswer>;
export async function cachedAnswer(
  cache: PageCache | undefined,
  slug: string,
  key: string,
  /** Undefined when there is nothing to answer (then nothing is kept). */
  make: () => Promise<Made | undefined>,
): Promise<PageAnswer | undefined>;
export async function cachedAnswer(
  cache: PageCache | undefined,
  slug: string,
  key: string,
  make: () => Promise<Made | undefined>,
): Promise<PageAnswer | undefined> {
  return readThrough(cache, slug, key, async () => {
    const made = await make();
    if (!made) return { answer: undefined };
    const answer: PageAnswer = { ...precompress(made.text, made.type), securityPolicy: made.securityPolicy };
    return made.currentSlug === slug ? { answer, keepFor: { businessId: made.businessId } } : { answer };
  });
}

export const JSON_TYPE = 'application/json; charset=utf-8';
