/**
 * Request validation. Query strings, path params and headers arrive as text,
 * so they are coerced ("3" → 3) as Fastify does by default; a JSON body has
 * real types and is not: CONTRACT.md §2 makes a wrong type a 400, so
 * `{"service_id": "1"}` or `{"strict_slots": "true"}` is refused rather than
 * read as 1 or true. Both validators come from Fastify's own compiler.
 *
 * Validators and response serializers are compiled on a route's first use, not at start: compiling
 * all of them up front was a third of a restart (ajv and fast-json-stringify, ~0.4 s of ~2.5 s).
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { WALL_CLOCK_FORMATS } from '../core/wall-clock-input.js';

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

type Validator = ((data: unknown) => unknown) & { errors?: unknown };

/** Compiles on the first call; Fastify reads `errors` off the function it was given, so they are copied over. */
function lazyValidator(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const validate: Validator = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

function lazySerializer(compile: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => (compiled ??= compile())(data);
}

type Factories = NonNullable<FastifySchemaControllerOptions['compilersFactory']>;
type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: unknown) => (data: unknown) => string;
const serializers = SerializerSelector() as unknown as SerializerFactory;

/** The API's own formats (`format: 'wall-date'` …): one check each, one message (src/http/errors.ts). */
const formats = Object.fromEntries(Object.entries(WALL_CLOCK_FORMATS).map(([name, format]) => [name, format.isValid]));

export function schemaController(): FastifySchemaControllerOptions {
  const buildValidator = (externalSchemas: unknown, ajvOptions: AjvServerOptions): CompileFor => {
    const customOptions = { ...ajvOptions?.customOptions, formats: { ...(ajvOptions?.customOptions?.formats as object), ...formats } };
    const coercing = fromPool(externalSchemas, { ...ajvOptions, customOptions });
    const exact = fromPool(externalSchemas, { ...ajvOptions, customOptions: { ...customOptions, coerceTypes: false } });
    return (route) => lazyValidator(() => (route.httpPart === 'body' ? exact : coercing)(route) as Validator);
  };
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compileFor = serializers(externalSchemas, options);
    return (route) => lazySerializer(() => compileFor(route));
  };
  return {
    compilersFactory: {
      buildValidator: buildValidator as Factories['buildValidator'],
      buildSerializer: buildSerializer as unknown as Factories['buildSerializer'],
    },
  };
}
