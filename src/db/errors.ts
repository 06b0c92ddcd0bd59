/** PostgreSQL error codes, looked up through drizzle's wrapping (error.cause). */
function pgCode(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
    current = e.cause;
  }
  return {};
}

/**
 * A value PostgreSQL refuses for its column type (22P02) or range (22003). Request schemas bound every
 * number, but ajv coerces a query string like "1e309" to Infinity and skips its range check for it.
 */
export function isUnstorableValue(error: unknown): boolean {
  const { code } = pgCode(error);
  return code === '22P02' || code === '22003';
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error).code === '23503';
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgCode(error);
  return found.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

/** Text PostgreSQL cannot store (a NUL character): the client sent it, so it is their 400, not our 500. */
export function isUnstorableText(error: unknown): boolean {
  return pgCode(error).code === '22021';
}
