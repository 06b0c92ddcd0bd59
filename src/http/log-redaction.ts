/**
 * What of an error may be logged: its type, a message and stack without the SQL
 * and its parameters (drizzle's "Failed query: … params: …" carries a client's
 * phone, name and notes), the codes that say what failed, and its cause the same
 * way. Used as the logger's `err` serializer, so no route can leak them.
 */
const SQL_MESSAGE = /^Failed query:[\s\S]*$/;
const SQL_REDACTED = 'Failed query (SQL and parameters not logged)';

/** Fields of a database error that name what failed without the values. */
const SAFE_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'schema', 'errno', 'syscall'] as const;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  [field: string]: unknown;
}

function cleanText(text: string): string {
  return text.replace(SQL_MESSAGE, SQL_REDACTED).replace(/^(\w*Error: )?Failed query:[\s\S]*?(?=\n\s+at |$)/, `$1${SQL_REDACTED}`);
}

export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: cleanText(String(error)), stack: '' };
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: cleanText(error.message),
    stack: cleanText(error.stack ?? ''),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) if (fields[field] !== undefined) logged[field] = fields[field];
  if (error.cause !== undefined && depth < 4) logged.cause = safeError(error.cause, depth + 1);
  return logged;
}

const FEED_TOKEN = /^\/ics\/[^/]+\.ics$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A request's path as logged (CONTRACT.md §11, §15): no query string (it can carry phones and names),
 * no calendar feed token, no booking or proposal id (a UUID is not a capability to hand around), and
 * long digit runs masked (slugs default to the owner's phone).
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (FEED_TOKEN.test(path)) return '/ics/***.ics';
  return path.replace(UUID, '***').replace(/\d{7,}/g, '***');
}
