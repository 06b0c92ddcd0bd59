/**
 * CONTRACT.md §17 "Per-master price and duration": what a service costs and lasts with one master.
 * Pure, so the catalog, the bookings and the web pages read the same rule.
 */

export interface Terms {
  price: number;
  duration: number;
}

/** A master's own values for a service; null (or no link row at all) takes the service's. */
export interface TermsOverride {
  price: number | null;
  duration: number | null;
}

/** The effective price and duration of a service with a master: the master's own where set, else the service's. */
export function effectiveTerms(base: Terms, override: TermsOverride | null | undefined): Terms {
  return { price: override?.price ?? base.price, duration: override?.duration ?? base.duration };
}

export interface TermsRange {
  price_min: number;
  price_max: number;
  duration_min: number;
  duration_max: number;
}

/**
 * The range over the masters who do a service (each override is one master's link row); with
 * nobody, or nobody overriding, both ends are the service's own values.
 */
export function termsRange(base: Terms, overrides: readonly (TermsOverride | null | undefined)[]): TermsRange {
  const all = overrides.length === 0 ? [base] : overrides.map((override) => effectiveTerms(base, override));
  const prices = all.map((terms) => terms.price);
  const durations = all.map((terms) => terms.duration);
  return {
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    duration_min: Math.min(...durations),
    duration_max: Math.max(...durations),
  };
}
