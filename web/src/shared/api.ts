/**
 * The one fetch wrapper of the web pages: JSON in and out, `/api/v1` prefix,
 * optional bearer token, errors turned into ApiError with the server's
 * `{"detail", "code"}`. Pages call the API through the typed client over it
 * (client.ts), never through this untyped layer.
 */
import type { ErrorCode } from '@core/errors.js';

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
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** Whether a request failed with this code (the texts in `detail` may change, codes do not). */
export const hasCode = (error: unknown, code: ErrorCode): boolean => error instanceof ApiError && error.code === code;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees the headers of a successful answer (e.g. a fresh token the server hands back). */
  onHeaders?: (headers: Headers) => void;
}

export interface ApiClientOptions {
  base?: string;
  /** Read before every request, so a later login is picked up. */
  getToken?: () => string | null | undefined;
  /** Called on a 401 of a request that carried a token (log in again). */
  onUnauthorized?: () => void;
}

export type ApiClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

/** Status 0: the network failed before any answer. */
export const NETWORK_ERROR = 0;

export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

export function createApi(client: ApiClientOptions = {}): ApiClient {
  const base = client.base ?? '/api/v1';
  return async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const token = client.getToken?.();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(base + withQuery(path, options.query), {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(NETWORK_ERROR, 'Network error');
    }
    if (response.status === 401 && token) client.onUnauthorized?.();
    if (response.ok) options.onHeaders?.(response.headers);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      const { detail, errors, code } = (data ?? {}) as { detail?: unknown; errors?: unknown; code?: unknown };
      throw new ApiError(
        response.status,
        typeof detail === 'string' ? detail : response.statusText || 'Error',
        Array.isArray(errors) ? (errors as FieldError[]) : [],
        typeof code === 'string' ? (code as ErrorCode) : undefined,
      );
    }
    return data as T;
  };
}

/** Random v4-style id for Idempotency-Key headers (crypto.randomUUID needs a secure context). */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
