/** Slug rules of SPEC.md (Business.slug) and CONTRACT.md §9 (reserved words). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'api',
  'app',
  'admin',
  'superadmin',
  'assets',
  'static',
  'docs',
  'health',
  'healthz',
  'readyz',
  'metrics',
  'favicon.ico',
  'robots.txt',
  'ics',
]);

const SLUG_RE = /^[a-z0-9-]+$/;
export const MAX_SLUG_LENGTH = 64;

export type SlugProblem = 'format' | 'reserved' | null;

export function slugProblem(slug: string): SlugProblem {
  if (!SLUG_RE.test(slug) || slug.length > MAX_SLUG_LENGTH) return 'format';
  if (RESERVED_SLUGS.has(slug)) return 'reserved';
  return null;
}

export const MIN_NEW_SLUG_LENGTH = 3;
/** Begins and ends with a letter or digit: `-`, `--` or `-salon` name nothing. */
const NEW_SLUG_SHAPE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * A slug an owner chooses now (PUT /business, the live check): also at least 3 characters, beginning and
 * ending with a letter or digit (docs/decisions: slug shape). Digits alone stay valid: the default slug is
 * the phone. Slugs chosen under the older rule keep resolving (slugProblem).
 */
export function newSlugProblem(slug: string): SlugProblem {
  const problem = slugProblem(slug);
  if (problem) return problem;
  return slug.length < MIN_NEW_SLUG_LENGTH || !NEW_SLUG_SHAPE.test(slug) ? 'format' : null;
}

/** The default slug: the 10-digit phone without the +7/8 prefix. */
export function slugFromPhone(normalizedPhone: string): string {
  const digits = normalizedPhone.replace(/\D/g, '');
  return digits.length === 11 ? digits.slice(1) : digits;
}

/** base, then base-2, base-3, ... : the first one not taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
