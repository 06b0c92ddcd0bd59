/**
 * Every answer an API test receives through `t.call` is checked against the OpenAPI document the
 * app itself serves (CONTRACT.md §14: "no undocumented status or header passes"): the operation
 * must declare the status, a JSON body must match the declared schema, and every header that is
 * not transport, CORS or a browser security header must be declared for that status.
 * openapi-backend reads the served document (its operations, dereferenced) and makes the Ajv that
 * validates a body against the declared schema.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OpenAPIBackend, ValidationContext, type Operation } from 'openapi-backend';

/** Headers every answer may carry without the document naming them. */
const TRANSPORT_HEADERS = new Set([
  'accept-ranges',
  'cache-control-immutable',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
  'vary',
  // Browser security headers (helmet), the same on every answer.
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
]);

const isTransport = (name: string): boolean => TRANSPORT_HEADERS.has(name) || name.startsWith('access-control-');

export interface ContractChecker {
  check(request: { method: string; url: string }, response: LightMyRequestResponse): string[];
}

const decoders: Record<string, (body: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/** The JSON the client reads, after undoing a Content-Encoding. */
function jsonOf(response: LightMyRequestResponse): unknown {
  const decode = decoders[String(response.headers['content-encoding'] ?? '')];
  return JSON.parse((decode ? decode(response.rawPayload) : response.rawPayload).toString('utf8'));
}

interface ResponseObject {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: object }>;
}

/** A document's operations, ready to match a request to (openapi-backend's rules, precomputed), and its body validation. */
interface DocumentCheck {
  match(method: string, path: string): Operation | undefined;
  validateBody(schema: object, body: unknown): BodyError[];
}

interface BodyError {
  instancePath: string;
  message?: string;
}
type BodyValidator = ((body: unknown) => boolean) & { errors?: BodyError[] | null };

/**
 * One compiled validator per distinct response schema, for every document a worker's apps serve.
 * openapi-backend compiles each operation's every status on its first answer, with a new Ajv each time
 * (the error schema alone again and again): ~1.5 s of CPU in each worker; the document has 633 JSON
 * response schemas, 72 distinct. The key is the schema's text, so two documents' equal schemas share one.
 */
const bodyValidators = new Map<string, BodyValidator>();
/** The same, by the dereferenced schema object itself: the text is made once per schema, not per answer. */
const bySchemaObject = new WeakMap<object, BodyValidator>();

export function bodyValidation(api: OpenAPIBackend): DocumentCheck['validateBody'] {
  // openapi-backend's Ajv for responses (its options and formats), made once for the document.
  const ajv = api.validator.getAjv(ValidationContext.Response);
  return (schema, body) => {
    let validate = bySchemaObject.get(schema);
    if (!validate) {
      // The served document is JSON without recursive schemas, so its dereferenced schemas have no cycles.
      const key = JSON.stringify(schema);
      validate = bodyValidators.get(key) ?? (ajv.compile(JSON.parse(key) as object) as BodyValidator);
      bodyValidators.set(key, validate);
      bySchemaObject.set(schema, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []);
  };
}

/**
 * openapi-backend's matchOperation, with its operation list built once: its own rebuilds the list twice and a
 * RegExp per operation on every call (~1 ms, 6 s of CPU in each API project). The same rules: an exact path
 * first, else the templates that match, the most specific (longest without its parameters) first, then the
 * method; trailing slashes ignored.
 */
export function operationMatcher(api: OpenAPIBackend): DocumentCheck['match'] {
  const operations = api.router.getOperations();
  const exact = new Map(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const templates = operations
    .map((operation) => ({
      operation,
      regex: new RegExp(
        `^${operation.path
          .split(/\{[^}]+\}/)
          .map(literal)
          .join('[^/]+')}$`,
      ),
      specificity: operation.path.replace(/\{.*?\}/g, '').length,
    }))
    .sort((a, b) => b.specificity - a.specificity);
  return (method, rawPath) => {
    let path = rawPath.trim();
    while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    return (
      exact.get(`${method} ${path}`) ??
      templates.find((template) => template.operation.method === method && template.regex.test(path))?.operation
    );
  };
}

/**
 * Validators by the document's text: the test files of a worker share them (test files are not
 * isolated), so the ~0.5 s of parsing and compiling is paid once per document a configuration
 * serves, not once per app. A handful of documents at most (the config switches a few routes).
 */
const validators = new Map<string, Promise<DocumentCheck>>();
const MAX_VALIDATORS = 16;

function validatorFor(document: string): Promise<DocumentCheck> {
  let check = validators.get(document);
  if (!check) {
    const definition = JSON.parse(document) as ConstructorParameters<typeof OpenAPIBackend>[0]['definition'];
    const backend = new OpenAPIBackend({ definition, quick: true, validate: true, ajvOpts: { strict: false } });
    check = backend.init().then(() => ({ match: operationMatcher(backend), validateBody: bodyValidation(backend) }));
    if (validators.size >= MAX_VALIDATORS) validators.delete(validators.keys().next().value!);
    validators.set(document, check);
  }
  return check;
}

export async function contractChecker(app: FastifyInstance): Promise<ContractChecker> {
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const { match, validateBody } = await validatorFor(answer.body);

  return {
    check(request, response) {
      const path = request.url.split('?')[0] ?? request.url;
      const operation = match(request.method.toLowerCase(), path);
      if (!operation) return [];
      const where = `${request.method.toUpperCase()} ${operation.path} → ${response.statusCode}`;
      const declared = (operation.responses ?? {}) as Record<string, ResponseObject>;
      const documented = declared[String(response.statusCode)] ?? declared.default;
      if (!documented) return [`${where}: status not in the document`];
      const problems: string[] = [];
      const declaredHeaders = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
      for (const name of Object.keys(response.headers)) {
        if (!isTransport(name) && !declaredHeaders.has(name)) problems.push(`${where}: header ${name} not in the document`);
      }
      const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
      if (type === 'application/json' && response.rawPayload.length > 0) {
        const declaredJson = documented.content?.['application/json'];
        if (!declaredJson) problems.push(`${where}: JSON body not in the document`);
        else if (declaredJson.schema) {
          for (const error of validateBody(declaredJson.schema, jsonOf(response)))
            problems.push(`${where}: body ${error.instancePath} ${error.message}`);
        }
      } else if (
        type &&
        response.body &&
        documented.content &&
        !Object.keys(documented.content).some((key) => key.split(';')[0] === type)
      ) {
        problems.push(`${where}: content type ${type} not in the document`);
      }
      return problems;
    },
  };
}
