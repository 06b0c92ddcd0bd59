/**
 * Slots answers kept between requests (the hottest read). An answer is a pure function of
 * the business row, its schedule rows, masters and bookings, so it stays right
 * until one of those rows changes; every such write reaches `forgetBusiness`
 * through a database trigger's NOTIFY, from this instance or any other (a
 * lost LISTEN connection forgets everything). No I/O here: the wiring is in
 * live-cache.ts.
 */
interface BusinessAnswers<T> {
  businessId: number;
  answers: Map<string, T>;
}

export const answerKey = (date: string, masterId: number | undefined): string => `${date}/${masterId ?? '*'}`;

/** T: what is kept per answer (the service keeps the serialized JSON, so a hit skips serialization too). */
export class SlotsCache<T = string> {
  #generation = 0;
  /** Generation of the last forgetAll, and of the last forgetBusiness per business. */
  #allForgottenAt = 0;
  readonly #forgottenAt = new Map<number, number>();
  #live = false;
  #size = 0;
  readonly #bySlug = new Map<string, BusinessAnswers<T>>();
  readonly #slugOf = new Map<number, string>();

  /** Past this many answers the cache starts over: cheaper than LRU bookkeeping on every hit, and refilled by one query per key. */
  constructor(private readonly maxAnswers = 20_000) {}

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
    return this.#live ? this.#bySlug.get(slug)?.answers.get(key) : undefined;
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
    const answer = this.#bySlug.get(slug)?.answers.get(key);
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
      entry = { businessId, answers: new Map() };
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
