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
