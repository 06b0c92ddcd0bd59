/**
 * A business's answers kept between requests: slots (the hottest read), the public pages and
 * the booking lookups all keep theirs here, keyed per business. An answer is a pure function of
 * the business row, its schedule rows, masters and bookings, so it stays right
 * until one of those rows changes; every such write reaches `forgetBusiness`
 * through a database trigger's NOTIFY, from this instance or any other (a
 * lost LISTEN connection forgets everything). No I/O here: the wiring is in
 * live-cache.ts.
 */
interface BusinessAnswers<T> {
  businessId: number;
  answers: Map<string, T>;
  /** When the first of these answers was kept (monotonic ms). */
  since: number;
}

/**
 * How long a business's answers are kept at most. The notifications keep them right; this bounds the
 * one case they cannot: an instance that dies between a booking's commit and its announcement
 * (bookings/create.ts), whose notice then never comes.
 */
export const MAX_ANSWER_AGE_MS = 60_000;

export interface BusinessCacheOptions {
  /** Past this many answers the cache starts over: cheaper than LRU bookkeeping on every hit, and refilled by one query per key. */
  maxAnswers?: number;
  maxAgeMs?: number;
  /** Monotonic milliseconds; tests pass their own. */
  now?: () => number;
}

export const answerKey = (date: string, masterId: number | undefined): string => `${date}/${masterId ?? '*'}`;

/** T: what is kept per answer (the service keeps the serialized JSON, so a hit skips serialization too). */
export class BusinessCache<T = string> {
  #generation = 0;
  /** Generation of the last forgetAll, and of the last forgetBusiness per business. */
  #allForgottenAt = 0;
  readonly #forgottenAt = new Map<number, number>();
  #live = false;
  #size = 0;
  readonly #bySlug = new Map<string, BusinessAnswers<T>>();
  readonly #slugOf = new Map<number, string>();

  private readonly maxAnswers: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor({ maxAnswers = 20_000, maxAgeMs = MAX_ANSWER_AGE_MS, now = () => performance.now() }: BusinessCacheOptions = {}) {
    this.maxAnswers = maxAnswers;
    this.maxAgeMs = maxAgeMs;
    this.now = now;
  }

  /**
   * Grows on every invalidation. A reader takes it before its query and hands it to
   * `store`: an answer is not kept when its business (or everything) was forgotten
   * since, because the query may have read the rows from before that write.
   */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#size;
  }

  /**
   * Set where notifications can lag behind the write (PostgreSQL): resolves once every
   * invalidation committed before the call has been applied. Another instance's client can
   * ask here right after its booking was answered, sooner than the notification arrives.
   */
  catchUp: (() => Promise<void>) | undefined;

  /** A kept answer that is still right after catching up with the notifications; undefined otherwise. */
  async confirmed(slug: string, key: string): Promise<T | undefined> {
    if (this.catchUp) {
      try {
        await this.catchUp();
      } catch {
        return undefined;
      }
    }
    return this.#live ? this.#fresh(slug)?.answers.get(key) : undefined;
  }

  /** A kept answer, confirmed (see `confirmed`) when there is one: the way a request reads the cache. */
  async lookup(slug: string, key: string): Promise<T | undefined> {
    return this.get(slug, key) === undefined ? undefined : this.confirmed(slug, key);
  }

  /** Lookups while live, for GET /metrics. */
  hits = 0;
  misses = 0;

  get(slug: string, key: string): T | undefined {
    if (!this.#live) return undefined;
    const answer = this.#fresh(slug)?.answers.get(key);
    if (answer === undefined) this.misses += 1;
    else this.hits += 1;
    return answer;
  }

  store(slug: string, businessId: number, key: string, answer: T, generation: number): void {
    if (!this.#live || this.#allForgottenAt > generation || (this.#forgottenAt.get(businessId) ?? 0) > generation) return;
    if (this.#size >= this.maxAnswers) this.#clear();
    const previousSlug = this.#slugOf.get(businessId);
    if (previousSlug !== undefined && previousSlug !== slug) this.#drop(previousSlug);
    let entry = this.#bySlug.get(slug);
    if (entry && entry.businessId !== businessId) {
      this.#drop(slug);
      entry = undefined;
    }
    if (!entry) {
      entry = { businessId, answers: new Map(), since: this.now() };
      this.#bySlug.set(slug, entry);
      this.#slugOf.set(businessId, slug);
    }
    if (!entry.answers.has(key)) this.#size += 1;
    entry.answers.set(key, answer);
  }

  forgetBusiness(businessId: number): void {
    this.#generation += 1;
    // One number per business ever forgotten since the last forgetAll; past the bound, forget all (which resets it).
    if (this.#forgottenAt.size >= this.maxAnswers) return this.forgetAll();
    this.#forgottenAt.set(businessId, this.#generation);
    const slug = this.#slugOf.get(businessId);
    if (slug !== undefined) this.#drop(slug);
  }

  forgetAll(): void {
    this.#generation += 1;
    this.#allForgottenAt = this.#generation;
    this.#forgottenAt.clear();
    this.#clear();
  }

  /** Answers are kept only while invalidations are known to arrive (the LISTEN connection is up). */
  setLive(live: boolean): void {
    this.forgetAll();
    this.#live = live;
  }

  get live(): boolean {
    return this.#live;
  }

  /** The business's answers, unless they are past their age (then they are dropped). */
  #fresh(slug: string): BusinessAnswers<T> | undefined {
    const entry = this.#bySlug.get(slug);
    if (entry && this.now() - entry.since > this.maxAgeMs) {
      this.#drop(slug);
      return undefined;
    }
    return entry;
  }

  #drop(slug: string): void {
    const entry = this.#bySlug.get(slug);
    if (!entry) return;
    this.#size -= entry.answers.size;
    this.#bySlug.delete(slug);
    this.#slugOf.delete(entry.businessId);
  }

  #clear(): void {
    this.#bySlug.clear();
    this.#slugOf.clear();
    this.#size = 0;
  }
}

/** What a read-through's read found: its answer, and the business to keep it under (when it is to be kept). */
export type ReadAnswer<T, A> = { answer: A; keepFor?: undefined } | { answer: T; keepFor: { businessId: number; key?: string } };

/**
 * The answer kept under one of `keys` (the first found), else the one `read` finds, kept under its
 * `keepFor.key` (default: the first key) unless its business was forgotten while it was read, since the
 * read may have seen the rows from before that write.
 */
export async function readThrough<T, A = T>(
  cache: BusinessCache<T> | undefined,
  slug: string,
  keys: string | readonly string[],
  read: () => Promise<ReadAnswer<T, A>>,
): Promise<T | A> {
  const asked = typeof keys === 'string' ? [keys] : keys;
  const generation = cache?.generation ?? 0;
  for (const key of asked) {
    const kept = await cache?.lookup(slug, key);
    if (kept !== undefined) return kept;
  }
  const found = await read();
  if (found.keepFor) cache?.store(slug, found.keepFor.businessId, found.keepFor.key ?? asked[0]!, found.answer, generation);
  return found.answer;
}
