/**
 * Request validation. Query strings, path params and headers arrive as text,
 * so they are coerced ("3" → 3) as Fastify does by default; a JSON body has
 * real types and is not: CONTRACT.md §2 makes a wrong type a 400, so
 * `{"service_id": "1"}` or `{"strict_slots": "true"}` is refused rather than
 * read as 1 or true. Both validators come from Fastify's own compiler.
 *
 * Validators and response serializers are compiled on a route's first use, not at start: compiling
 * all of them up front was a third of a restart (ajv and fast-json-stringify, ~0.4 s of ~2.5 s).
 * What is compiled is kept for the process, by the schema's text: every app built in it shares it
 * (the tests build hundreds of apps in one process; Fastify hands each app's routes new schema objects).
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

/**
 * Compiled functions by compiler and schema text. A compiler (Ajv with its options and shared schemas, or
 * fast-json-stringify's with its) is the same for every app of a configuration; one schema's text is one
 * function. Bounded by the routes' schemas: a few hundred.
 */
const compiledBy = new WeakMap<object, Map<string, unknown>>();

export function compiledOnce<T>(compiler: object, schema: unknown, compile: () => T): T {
  let compiled = compiledBy.get(compiler);
  if (!compiled) compiledBy.set(compiler, (compiled = new Map()));
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) compiled.set(key, compile());
  return compiled.get(key) as T;
}

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
const serializerCompilers = new Map<string, ReturnType<SerializerFactory>>();

/** One fast-json-stringify compiler per configuration (shared schemas and options), as Ajv's are pooled. */
function serializerCompiler(externalSchemas: unknown, options: unknown): ReturnType<SerializerFactory> {
  const configuration = JSON.stringify([externalSchemas, options]);
  let compileFor = serializerCompilers.get(configuration);
  if (!compileFor) serializerCompilers.set(configuration, (compileFor = serializers(externalSchemas, options)));
  return compileFor;
}

/** The API's own formats (`format: 'wall-date'` …): one check each, one message (src/http/errors.ts). */
const formats = Object.fromEntries(Object.entries(WALL_CLOCK_FORMATS).map(([name, format]) => [name, format.isValid]));

export function schemaController(): FastifySchemaControllerOptions {
  const buildValidator = (externalSchemas: unknown, ajvOptions: AjvServerOptions): CompileFor => {
    const customOptions = { ...ajvOptions?.customOptions, formats: { ...(ajvOptions?.customOptions?.formats as object), ...formats } };
    const coercing = fromPool(externalSchemas, { ...ajvOptions, customOptions });
    const exact = fromPool(externalSchemas, { ...ajvOptions, customOptions: { ...customOptions, coerceTypes: false } });
    return (route) => {
      const compiler = route.httpPart === 'body' ? exact : coercing;
      return lazyValidator(() => compiledOnce(compiler, route.schema, () => compiler(route) as Validator));
    };
  };
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compileFor = serializerCompiler(externalSchemas, options);
    return (route) => lazySerializer(() => compiledOnce(compileFor, (route as { schema: unknown }).schema, () => compileFor(route)));
  };
  return {
    compilersFactory: {
      buildValidator: buildValidator as Factories['buildValidator'],
      buildSerializer: buildSerializer as unknown as Factories['buildSerializer'],
    },
  };
}
