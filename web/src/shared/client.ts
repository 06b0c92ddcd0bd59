/**
 * The typed API client of the web app: the panels, the booking page and the
 * mini app all call the API through it. Every path, parameter, body and answer
 * type comes from api-types.ts, generated from the server's OpenAPI document
 * (`npm run gen:api`), so no page restates the API by hand.
 */
import type { paths } from './api-types.js';
import { createApi, type ApiClient, type ApiClientOptions } from './api.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type FullPath = keyof paths;
/** Paths relative to /api/v1, as the panels write them. */
export type ApiPath = FullPath extends infer P ? (P extends `/api/v1${infer R}` ? R : never) : never;
type Full<P extends ApiPath> = `/api/v1${P}` & FullPath;
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[Full<P>][M]>;

/** The paths that answer a method (GET, POST, ...). */
export type PathsFor<M extends Method> = {
  [P in ApiPath]: [NonNullable<paths[Full<P>][M]>] extends [never] ? never : P;
}[ApiPath];

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Responses<P extends ApiPath, M extends Method> = Operation<P, M> extends { responses: infer R } ? R : never;
type Success<R> = 200 extends keyof R ? JsonOf<R[200]> : 201 extends keyof R ? JsonOf<R[201]> : undefined;

export type ResponseOf<P extends ApiPath, M extends Method> = Success<Responses<P, M>>;
export type BodyOf<P extends ApiPath, M extends Method> =
  NonNullable<Operation<P, M> extends { requestBody?: infer B } ? B : never> extends { content: { 'application/json': infer J } }
    ? J
    : never;
type ParametersOf<P extends ApiPath, M extends Method> = Operation<P, M> extends { parameters: infer X } ? X : never;
export type QueryOf<P extends ApiPath, M extends Method> = NonNullable<ParametersOf<P, M> extends { query?: infer Q } ? Q : never>;
export type PathParamsOf<P extends ApiPath, M extends Method> = NonNullable<ParametersOf<P, M> extends { path?: infer Q } ? Q : never>;

export interface RequestOptions<P extends ApiPath, M extends Method> {
  path?: PathParamsOf<P, M>;
  query?: Partial<QueryOf<P, M>>;
  body?: BodyOf<P, M>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onHeaders?: (headers: Headers) => void;
}

export type ClientOptions = ApiClientOptions;

/**
 * Typed methods over a transport of api.ts (openapi-fetch; same errors, same 401 hook): the path
 * template and its `path` values go down as they are, openapi-fetch fills and encodes them.
 */
export function typedClient(raw: ApiClient) {
  const request = <M extends Method, P extends PathsFor<M>>(
    method: M,
    path: P,
    init: RequestOptions<P, M> = {},
  ): Promise<ResponseOf<P, M>> =>
    raw<ResponseOf<P, M>>(path, {
      method: method.toUpperCase() as Uppercase<Method>,
      params: init.path as Record<string, string | number> | undefined,
      body: init.body,
      query: init.query as Record<string, string | number | boolean | undefined>,
      headers: init.headers,
      signal: init.signal,
      onHeaders: init.onHeaders,
    });
  return {
    request,
    get: <P extends PathsFor<'get'>>(path: P, init?: RequestOptions<P, 'get'>) => request<'get', P>('get', path, init),
    post: <P extends PathsFor<'post'>>(path: P, init?: RequestOptions<P, 'post'>) => request<'post', P>('post', path, init),
    put: <P extends PathsFor<'put'>>(path: P, init?: RequestOptions<P, 'put'>) => request<'put', P>('put', path, init),
    patch: <P extends PathsFor<'patch'>>(path: P, init?: RequestOptions<P, 'patch'>) => request<'patch', P>('patch', path, init),
    del: <P extends PathsFor<'delete'>>(path: P, init?: RequestOptions<P, 'delete'>) => request<'delete', P>('delete', path, init),
  };
}

export type Client = ReturnType<typeof typedClient>;

export const createClient = (options: ClientOptions = {}): Client => typedClient(createApi(options));

/** Shorthand for an answer type, e.g. Answer<'/bookings', 'get'>[number]. */
export type Answer<P extends ApiPath, M extends Method = 'get'> = ResponseOf<P, M>;
