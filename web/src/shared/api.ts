/**
 * The one transport of the web pages: openapi-fetch over the generated `paths`
 * (URL and `{param}` filling, query, JSON body, answer parsing), plus what the
 * pages add to it: the `/api/v1` base, the bearer token read before every
 * request, the 401 hook and errors turned into ApiError with the server's
 * `{"detail", "code", "errors"}`. Pages call the API through the typed client
 * over it (client.ts), never through this untyped layer.
 */
import createFetchClient from 'openapi-fetch';
import type { ErrorCode } from '@core/errors.js';
import type { paths } from './api-types.js';

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** Per-field messages of a 400 (`errors` of the body), for showing next to the field. */
    readonly errors: FieldError[] = [],
    /** What to branch on; absent when the answer was not the API's (no network, a proxy's page). */
    readonly code?: ErrorCode,
    /** What a refusal answers beside its code (CONTRACT.md §19: `free_times` of slot_taken, `price` of price_changed). */
    readonly extra: { free_times?: string[]; price?: number } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** Whether a request failed with this code (the texts in `detail` may change, codes do not). */
export const hasCode = (error: unknown, code: ErrorCode): boolean => error instanceof ApiError && error.code === code;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Values of the path's `{name}` placeholders (encoded by openapi-fetch). */
  params?: Record<string, string | number>;
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees the headers of a successful answer (e.g. a fresh token the server hands back). */
  onHeaders?: (headers: Headers) => void;
}

export interface ApiClientOptions {
  /** Where /api/v1 is; an absolute URL outside a page (e.g. in tests). */
  base?: string;
  /** Read before every request, so a later login is picked up. */
  getToken?: () => string | null | undefined;
  /** Called on a 401 of a request that carried a token (log in again). */
  onUnauthorized?: () => void;
}

export type ApiClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

/** Status 0: the network failed before any answer. */
export const NETWORK_ERROR = 0;

/** The query string the API expects: empty values (undefined, null, '') are left out. */
function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function withQuery(path: string, query: RequestOptions['query']): string {
  const text = queryString(query);
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** An error answer's body as ApiError (a proxy's HTML page or an empty body keeps the status text). */
function toApiError(response: Response, body: unknown): ApiError {
  const { detail, errors, code, free_times, price } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return new ApiError(
    response.status,
    typeof detail === 'string' ? detail : response.statusText || 'Error',
    Array.isArray(errors) ? (errors as FieldError[]) : [],
    typeof code === 'string' ? (code as ErrorCode) : undefined,
    {
      ...(Array.isArray(free_times) ? { free_times: free_times.filter((time): time is string => typeof time === 'string') } : {}),
      ...(typeof price === 'number' ? { price } : {}),
    },
  );
}

/** What openapi-fetch's request() takes and answers, with the path and options as plain strings and objects. */
type UntypedRequest = (
  method: string,
  url: string,
  init: { params: { path?: object; query?: Query }; body?: unknown; headers: Record<string, string>; signal?: AbortSignal },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function createApi(client: ApiClientOptions = {}): ApiClient {
  const fetchClient = createFetchClient<paths>({
    baseUrl: client.base ?? '/api/v1',
    headers: { accept: 'application/json' },
    querySerializer: (query) => queryString(query as Query),
    // The global fetch at call time, not at creation time.
    fetch: (request) => globalThis.fetch(request),
  });
  // The paths and options are checked against `paths` one layer up, in client.ts; here they are plain strings.
  const request = fetchClient.request as unknown as UntypedRequest;
  return async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const token = client.getToken?.();
    const headers: Record<string, string> = { ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let answer: Awaited<ReturnType<UntypedRequest>>;
    try {
      answer = await request(options.method ?? (options.body === undefined ? 'GET' : 'POST'), path, {
        params: { path: options.params, query: options.query },
        body: options.body,
        headers,
        signal: options.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      // No answer, or a 2xx whose body is not JSON (a captive portal's page): not the API's answer either way.
      throw new ApiError(NETWORK_ERROR, 'Network error');
    }
    const { response } = answer;
    if (response.status === 401 && token) client.onUnauthorized?.();
    if (!response.ok) throw toApiError(response, answer.error);
    options.onHeaders?.(response.headers);
    return answer.data as T;
  };
}

/** Random v4-style id for Idempotency-Key headers (crypto.randomUUID needs a secure context). */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
