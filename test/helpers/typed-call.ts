/**
 * The test client typed by the served document: `t.op('post', '/api/v1/masters', { token, body })`
 * takes an operation of web/src/shared/api-types.ts (generated from the server's OpenAPI document by
 * `npm run gen:api`) by its method and path template, and types the path parameters, the query, the
 * JSON body and the answer from it. A field the document does not have, or a wrong type, fails
 * `tsc`; the answer still goes through `t.call`, so the contract check runs as for every call.
 * Requests that break the document on purpose (a 400 test) use `t.call`.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { paths } from '../../web/src/shared/api-types.js';

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The path templates that have an operation for this method. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

/** The operation object of openapi-typescript for a method and path. */
export type Operation<M extends Method, P extends PathOf<M>> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;
type Statuses<O> = keyof Responses<O>;
type BodyFor<O, S> = { [K in Statuses<O>]: K extends S ? JsonOf<Responses<O>[K]> : never }[Statuses<O>];

/** The JSON of the operation's 2xx answers. */
export type SuccessBody<O> = BodyFor<O, 200 | 201 | 202 | 204>;
/** The JSON of its error answers (`{detail, code}`). */
export type ErrorBody<O> = BodyFor<O, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503>;

type ParamsOf<O, W extends 'path' | 'query'> = O extends { parameters: { [K in W]?: infer T } } ? T : never;
type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type JsonBody<O> = O extends { requestBody?: infer R } ? JsonContent<NonNullable<R>> : never;
type Absent<T> = [T] extends [never] ? true : [T] extends [undefined] ? true : false;

/** The JSON body an operation takes: `RequestBody<'put', '/api/v1/business'>`. */
export type RequestBody<M extends Method, P extends PathOf<M>> = JsonBody<Operation<M, P>>;
/** The query an operation takes: `RequestQuery<'get', '/api/v1/bookings'>`. */
export type RequestQuery<M extends Method, P extends PathOf<M>> = NonNullable<ParamsOf<Operation<M, P>, 'query'>>;

/** What a request names: the path's parameters when it has some, its query, its JSON body when it takes one (and the client's address, for the rate limits and the captcha). */
export type OperationRequest<O> = { token?: string; headers?: Record<string, string>; remoteAddress?: string } & (Absent<
  ParamsOf<O, 'path'>
> extends true
  ? { path?: never }
  : { path: ParamsOf<O, 'path'> }) &
  (Absent<ParamsOf<O, 'query'>> extends true ? { query?: never } : { query?: ParamsOf<O, 'query'> }) &
  (Absent<JsonBody<O>> extends true ? { body?: never } : { body: JsonBody<O> });

/** The answer: `data` as the 2xx body, `problem` as the error body (the same JSON; read the one the status says). */
export type OperationAnswer<O> = LightMyRequestResponse & { data: SuccessBody<O>; problem: ErrorBody<O> };

export type TypedCall = <M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...request: object extends OperationRequest<Operation<M, P>> ? [OperationRequest<Operation<M, P>>?] : [OperationRequest<Operation<M, P>>]
) => Promise<OperationAnswer<Operation<M, P>>>;

type Query = Record<string, string | number | boolean | (string | number | boolean)[] | undefined>;

/** The URL of a path template with its parameters filled in and its query appended. */
export function operationUrl(template: string, path: Record<string, string | number> = {}, query: Query = {}): string {
  const filled = template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = path[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

interface UntypedCall {
  (options: {
    method: Uppercase<Method>;
    url: string;
    token?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
    payload?: object;
  }): Promise<LightMyRequestResponse & { data: unknown }>;
}

/** `t.op` over a test app's `call`. */
export function typedCall(call: UntypedCall): TypedCall {
  return (async (method: Method, template: string, request: Record<string, unknown> = {}) => {
    const { token, headers, remoteAddress, path, query, body } = request as {
      token?: string;
      headers?: Record<string, string>;
      remoteAddress?: string;
      path?: Record<string, string | number>;
      query?: Query;
      body?: object;
    };
    const response = await call({
      method: method.toUpperCase() as Uppercase<Method>,
      url: operationUrl(template, path, query),
      ...(token ? { token } : {}),
      ...(headers ? { headers } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body }),
    });
    return Object.assign(response, { problem: response.data });
  }) as unknown as TypedCall;
}
