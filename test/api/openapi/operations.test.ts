/**
 * The OpenAPI document is a contract clients are generated from: every operation has a stable
 * name, a summary and a declared tag, and its `security` says what its guard really asks for.
 */
import { describe, expect, it } from 'vitest';
import { bookingStatuses } from '../../../src/db/schema.js';
import { useTestApp } from '../../helpers/app.js';

const t = useTestApp();

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { enum?: string[] }> };
}

async function openapi(): Promise<{ document: Document; operations: Array<{ method: string; path: string; operation: Operation }> }> {
  const response = await t.call({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.data as Document;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  return { document, operations };
}

const needsToken = (operation: Operation): boolean => (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement);

describe('OpenAPI contract', () => {
  it('names, summarises and tags every operation, with each tag declared and described', async () => {
    const { document, operations } = await openapi();
    expect(document.servers?.length).toBeGreaterThan(0);
    const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.summary?.trim(), where).toBeTruthy();
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(declared.get(tag), `${where}: tag ${tag}`).toBeTruthy();
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares each operation's security as its guard enforces it", async () => {
    const { operations } = await openapi();
    const guardAnswer = await t.op('get', '/api/v1/auth/me');
    expect(guardAnswer.statusCode).toBe(401);
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      expect(Array.isArray(operation.security), `${where} declares security`).toBe(true);
      const url = path.replace(/\{[^}]+\}/g, '1');
      const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const response = await t.call({ method: method as 'GET', url, payload });
      const refused = response.statusCode === 401 && response.data?.detail === guardAnswer.problem.detail;
      expect(refused, `${where} without a token: ${response.statusCode} ${response.body}`).toBe(needsToken(operation));
    }
  });

  it('refers to one Error schema for every error and one BookingStatus enum for every status', async () => {
    const { document, operations } = await openapi();
    expect(document.components.schemas.BookingStatus?.enum).toEqual([...bookingStatuses]);
    for (const { method, path, operation } of operations) {
      for (const [code, response] of Object.entries(operation.responses)) {
        if (Number(code) < 400) continue;
        expect(response.content?.['application/json']?.schema, `${method} ${path} ${code}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    const booking = document.paths['/api/v1/bookings/{id}']?.get?.responses['200']?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(booking.properties.status).toEqual({ $ref: '#/components/schemas/BookingStatus' });
    const created = document.paths['/api/v1/public/{slug}/booking']?.post?.responses['201']?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(created.properties.status).toEqual({ $ref: '#/components/schemas/BookingStatus' });
  });
});
