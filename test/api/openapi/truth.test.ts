/**
 * The served document says what the service does (CONTRACT.md §14), so an integrator can rely on it. Every answer of
 * the API suite already goes through test/helpers/contract.ts (t.call); these tests check the
 * document's own completeness and that the checker really refuses what the document does not say.
 */
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { describe, expect, it } from 'vitest';
import { bodyValidation, contractChecker, operationMatcher } from '../../helpers/contract.js';
import { dbKind, registerBusiness, useTestApp } from '../../helpers/app.js';

const t = useTestApp({ env: { RATE_LIMIT_BOOKING: '20', BOT_TOKEN: '123:abc', TELEGRAM_WEBHOOK_SECRET: 'webhook-secret' } });

interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
}
interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, ResponseObject>;
}
type Paths = Record<string, Record<string, Operation>>;

async function paths(): Promise<Paths> {
  const response = await t.call({ method: 'GET', url: '/api/docs/json' });
  return (response.data as { paths: Paths }).paths;
}

const everyOperation = (all: Paths) =>
  Object.entries(all).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ where: `${method} ${path}`, method, path, operation })),
  );

describe('the OpenAPI document tells the whole truth', () => {
  it('lists 400 and 414 where a path parameter can be refused, 413 and 415 where a body can, 503 everywhere', async () => {
    for (const { where, method, path, operation } of everyOperation(await paths())) {
      const codes = Object.keys(operation.responses);
      if (path.includes('{')) expect(codes, where).toEqual(expect.arrayContaining(['400', '414']));
      if (['post', 'put', 'patch'].includes(method)) expect(codes, where).toEqual(expect.arrayContaining(['400', '413', '415']));
      expect(codes, where).toContain('503');
    }
  });

  it('describes every answer and declares the headers the service sends', async () => {
    const all = await paths();
    for (const { where, operation } of everyOperation(all)) {
      for (const [code, response] of Object.entries(operation.responses)) {
        expect(response.description, `${where} ${code}`).not.toBe('Default Response');
        expect(Object.keys(response.headers ?? {}), `${where} ${code}`).toEqual(expect.arrayContaining(['x-request-id', 'cache-control']));
        if (code === '503' || code === '429') expect(Object.keys(response.headers ?? {}), `${where} ${code}`).toContain('retry-after');
      }
    }
    expect(Object.keys(all['/api/v1/bookings']?.get?.responses['200']?.headers ?? {})).toContain('x-total-count');
    expect(Object.keys(all['/api/v1/clients']?.get?.responses['200']?.headers ?? {})).toContain('x-total-count');
    const booking = all['/api/v1/public/{slug}/booking']?.post;
    expect(Object.keys(booking?.responses['201']?.headers ?? {})).toEqual(
      expect.arrayContaining(['idempotent-replayed', 'x-ratelimit-limit', 'x-ratelimit-remaining']),
    );
    expect(booking?.responses['429']).toBeDefined();
  });

  it("declares the webhook's Telegram update body and secret header", async () => {
    const webhook = (await paths())['/api/v1/messenger/webhook']?.post;
    expect(webhook?.requestBody?.content['application/json']?.schema.required).toEqual(['update_id']);
    expect(webhook?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toContain(
      'header:x-telegram-bot-api-secret-token',
    );
  });

  it('gives booking dates and times their pattern and refuses an empty PATCH by the schema', async () => {
    const all = await paths();
    const body = all['/api/v1/public/{slug}/booking']?.post?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { pattern?: string }>;
    };
    expect(body.properties.date?.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
    expect(body.properties.time?.pattern).toBe('^\\d{2}:\\d{2}$');
    const patch = all['/api/v1/bookings/{id}']?.patch?.requestBody?.content['application/json']?.schema;
    expect(patch?.minProperties).toBe(1);
  });

  it('does not claim additionalProperties: false where unknown fields are dropped, and says they are ignored', async () => {
    const owner = await registerBusiness(t);
    const body = (await paths())['/api/v1/masters']?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.additionalProperties).toBeUndefined();
    expect(String(body?.description)).toContain('ignored');
    const created = await t.call({ method: 'POST', url: '/api/v1/masters', token: owner.token, payload: { name: 'Алия', surprise: 1 } });
    expect(created.statusCode).toBe(201);
    expect(created.data).not.toHaveProperty('surprise');
  });

  it('lets a browser on an allowed origin read X-Total-Count', async () => {
    const owner = await registerBusiness(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/bookings',
      headers: { authorization: `Bearer ${owner.token}`, origin: t.config.corsOrigins[0] ?? 'https://web.telegram.org' },
    });
    if (t.config.corsOrigins.length > 0) expect(String(response.headers['access-control-expose-headers'])).toContain('x-total-count');
    else expect(response.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('the checker refuses an undocumented status, header or body', async () => {
    const checker = await contractChecker(t.app);
    const answer = (statusCode: number, headers: Record<string, string>, body: unknown) =>
      ({ statusCode, headers, rawPayload: Buffer.from(JSON.stringify(body)), body: JSON.stringify(body) }) as never;
    const request = { method: 'GET', url: '/api/v1/masters' };
    const json = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1' };
    expect(checker.check(request, answer(200, json, []))).toEqual([]);
    expect(checker.check(request, answer(418, json, { detail: 'x', code: 'internal' }))[0]).toContain('status not in the document');
    expect(checker.check(request, answer(200, { ...json, 'x-secret-sauce': '1' }, []))[0]).toContain('header x-secret-sauce');
    expect(checker.check(request, answer(200, json, [{ id: 'not a number' }])).length).toBeGreaterThan(0);
  });

  it("the checker finds each request's operation as openapi-backend's own router does", async () => {
    const definition = (await t.call({ method: 'GET', url: '/api/docs/json' })).data as { paths: Paths };
    const backend = new OpenAPIBackend({ definition: definition as unknown as Document, quick: true });
    await backend.init();
    const match = operationMatcher(backend);
    const requests = everyOperation(definition.paths).flatMap(({ method, path }) => {
      const filled = path.replace(/\{[^}]+\}/g, '12');
      return [filled, `${filled}/`, path.replace(/\{[^}]+\}/g, 'export'), `${filled}/nothing`].flatMap((url) =>
        ['get', 'post', method].map((verb) => ({ verb, url })),
      );
    });
    expect(requests.length).toBeGreaterThan(300);
    for (const { verb, url } of requests) {
      const theirs = backend.matchOperation({ method: verb, path: url, headers: {} });
      expect(match(verb, url)?.operationId, `${verb} ${url}`).toBe(theirs?.operationId);
    }
  });

  // The document and the checker do not depend on the engine: compared once, on PGlite (~2 s of compiles).
  it.skipIf(dbKind() === 'postgres')("the checker judges each answer's body as openapi-backend's own validator does", async () => {
    const definition = (await t.call({ method: 'GET', url: '/api/docs/json' })).data as Document;
    const backend = new OpenAPIBackend({ definition, quick: true, validate: true, ajvOpts: { strict: false } });
    await backend.init();
    const validateBody = bodyValidation(backend);
    const bodies = [{}, [], null, 'text', { detail: 'x', code: 'internal' }, [{ id: 'not a number' }], { id: 1, name: 'Салон' }];
    let compared = 0;
    for (const operation of backend.router.getOperations()) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = (response as { content?: Record<string, { schema?: object }> }).content?.['application/json']?.schema;
        if (!schema) continue;
        for (const body of bodies) {
          const theirs = backend.validateResponse(body, operation, Number(status)).valid;
          expect(validateBody(schema, body).length === 0, `${operation.operationId} ${status} ${JSON.stringify(body)}`).toBe(theirs);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
