/**
 * The refusals of the domain: a stable `code` a caller branches on and a `detail`
 * to show. Pure (no I/O, no framework): the web pages import its types, and the
 * HTTP edge alone decides which status a code answers with.
 */

/** One code per thing a caller reacts to differently; the texts in `detail` may change, codes may not. */
export const ERROR_CODES = [
  'invalid_input',
  'invalid_json',
  'captcha_failed',
  'wrong_password',
  'reset_link_invalid',
  'not_reschedulable',
  'no_masters_available',
  'outside_booking_window',
  'master_not_for_service',
  'not_authenticated',
  'invalid_credentials',
  'forbidden',
  'api_key_forbidden',
  'password_session_required',
  'not_found',
  'route_not_found',
  'slot_taken',
  'price_changed',
  'slug_taken',
  'email_taken',
  'proposal_pending',
  'idempotency_key_reused',
  'conflict',
  'limit_reached',
  'body_too_large',
  'unreadable_file',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'captcha_unavailable',
  'map_unavailable',
  'telegram_error',
  'unavailable',
  'not_configured',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Per-field messages, for forms that show them next to the field. */
    readonly errors?: FieldError[],
    /** What a refusal adds to its body for the caller to offer instead (CONTRACT.md §19: `free_times`, `price`). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown, code: ErrorCode): error is DomainError => error instanceof DomainError && error.code === code;

/** A refusal about one field of the input; `errors` names the field. */
export const fieldError = (code: ErrorCode, detail: string, field: string): DomainError =>
  new DomainError(code, detail, [{ field, message: detail }]);

export const invalidInput = (detail: string, field?: string): DomainError =>
  field ? fieldError('invalid_input', detail, field) : new DomainError('invalid_input', detail);
export const notAuthenticated = (detail = 'Not authenticated'): DomainError => new DomainError('not_authenticated', detail);
export const forbidden = (detail = 'Forbidden'): DomainError => new DomainError('forbidden', detail);
export const notFound = (what = 'Resource'): DomainError => new DomainError('not_found', `${what} not found`);
