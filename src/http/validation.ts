/**
 * Request validation. Query strings, path params and headers arrive as text,
 * so they are coerced ("3" → 3) as Fastify does by default; a JSON body has
 * real types and is not: CONTRACT.md §2 makes a wrong type a 400, so
 * `{"service_id": "1"}` or `{"strict_slots": "true"}` is refused rather than
 * read as 1 or true. Both validators come from Fastify's own compiler.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type FastifySchemaControllerOptions = NonNullable<FastifyServerOptions['schemaController']>;

interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type CompileFor = (route: RouteSchema) => unknown;
type AjvServerOptions = { customOptions?: Record<string, unknown> } | undefined;
// @fastify/ajv-compiler's typings describe its compile function as Ajv's; at runtime it takes the route, as Fastify calls it.
const fromPool = AjvCompiler() as unknown as (externalSchemas: unknown, options: AjvServerOptions) => CompileFor;

export function schemaController(): FastifySchemaControllerOptions {
  const buildValidator = (externalSchemas: unknown, ajvOptions: AjvServerOptions): CompileFor => {
    const coercing = fromPool(externalSchemas, ajvOptions);
    const exact = fromPool(externalSchemas, { ...ajvOptions, customOptions: { ...ajvOptions?.customOptions, coerceTypes: false } });
    return (route) => (route.httpPart === 'body' ? exact : coercing)(route);
  };
  return {
    compilersFactory: {
      buildValidator: buildValidator as NonNullable<FastifySchemaControllerOptions['compilersFactory']>['buildValidator'],
    },
  };
}
