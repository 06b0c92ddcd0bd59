/**
 * The booking page (GET /{slug}) and the public catalog come from the
 * per-business cache, precompressed, with an ETag that answers 304; every
 * write that changes what they show reaches the next answer, on this instance
 * and through another one on the same database.
 */
import { describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { registerBusiness, useOtherInstance, useTestApp, type RegisteredBusiness, type TestApp } from '../../helpers/app.js';
import { createMaster, createService } from '../../helpers/catalog.js';

const queries: string[] = [];
const t: TestApp = useTestApp({ onQuery: (query) => queries.push(query) });
type Call = TestApp['call'];

const pageUrl = (owner: RegisteredBusiness) => `/${owner.business.slug}`;
const servicesUrl = (owner: RegisteredBusiness) => `/api/v1/public/${owner.business.slug}/services`;
const publicUrls = (owner: RegisteredBusiness) => [pageUrl(owner), servicesUrl(owner), `/api/v1/public/${owner.business.slug}`];

/** The plain text of an answer asked with br, and how many queries it took (0: from the cache). */
async function read(call: Call, url: string, headers: Record<string, string> = {}) {
  queries.length = 0;
  const response = await call({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
  const text =
    response.rawPayload.length && response.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(response.rawPayload).toString()
      : response.rawPayload.toString();
  return { response, text, queries: queries.length };
}

/** Until the answer comes from the cache (on PostgreSQL the set-up's notifications may drop it once more). */
const cached = (call: Call, url: string) => expect.poll(async () => (await read(call, url)).queries, { timeout: 3000 }).toBe(0);

async function write(call: Call, owner: RegisteredBusiness, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  const response = await call({ method, url: `/api/v1${url}`, token: owner.token, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.data as { id: number };
}

describe('booking page and public catalog: kept precompressed', () => {
  it('br or gzip as asked, a strong ETag per representation, 304 while nothing changed, no query on a hit', async () => {
    const owner = await registerBusiness(t);
    // A list long enough for compression to pay (a body it would not shrink is sent plain).
    for (const name of ['Стрижка детская', 'Стрижка бороды', 'Укладка', 'Окрашивание', 'Камуфляж седины'])
      await createService(t, owner, { name });
    for (const url of [pageUrl(owner), servicesUrl(owner)]) {
      await cached(t.call, url);
      const br = await read(t.call, url);
      expect(br.response.statusCode).toBe(200);
      expect(br.response.headers['content-encoding']).toBe('br');
      expect(br.response.headers.vary).toContain('accept-encoding');
      const etag = String(br.response.headers.etag);
      expect(etag).toMatch(/^"[\w-]+-br"$/);
      const gzip = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.etag).toBe(etag.replace('-br"', '-gzip"'));
      const plain = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(br.text);

      const again = await read(t.call, url, { 'if-none-match': etag });
      expect([again.response.statusCode, again.response.rawPayload.length, again.queries]).toEqual([304, 0, 0]);
      // Another representation's tag does not vouch for this one.
      expect((await read(t.call, url, { 'if-none-match': String(gzip.headers.etag) })).response.statusCode).toBe(200);
    }
  });

  it('each write that changes what they show is in the next answer: name, service, category rename, master, hours', async () => {
    const owner = await registerBusiness(t);
    const category = await write(t.call, owner, 'POST', '/categories', { name: 'Стрижки' });
    await write(t.call, owner, 'PUT', `/services/${owner.service.id}`, { category_id: category.id });
    const week = (await t.op('get', '/api/v1/schedule', { token: owner.token })).data as { id: number }[];
    const changes: [string, () => Promise<unknown>, string][] = [
      ['business name', () => write(t.call, owner, 'PUT', '/business', { name: 'Салон Жаңа' }), 'Салон Жаңа'],
      ['new service', () => createService(t, owner, { name: 'Бритьё опасной бритвой' }), 'Бритьё опасной бритвой'],
      ['category rename', () => write(t.call, owner, 'PUT', `/categories/${category.id}`, { name: 'Мужские стрижки' }), 'Мужские стрижки'],
      ['new master', () => createMaster(t, owner, 'Бауыржан'), 'Бауыржан'],
      ['opening hours', () => write(t.call, owner, 'PUT', `/schedule/${week[0]!.id}`, { start_time: '07:45' }), '07:45'],
    ];
    for (const [what, change, shown] of changes) {
      for (const url of publicUrls(owner)) await cached(t.call, url);
      await change();
      const page = await read(t.call, pageUrl(owner));
      expect(page.text, what).toContain(shown);
    }
    expect((await read(t.call, servicesUrl(owner))).text).toContain('Мужские стрижки');
  });

  it('a former slug still redirects after the page was kept, and the new slug serves the new page', async () => {
    const owner = await registerBusiness(t);
    const former = owner.business.slug;
    await cached(t.call, pageUrl(owner));
    await write(t.call, owner, 'PUT', '/business', { slug: `${former}-new` });
    const redirect = await t.call({ method: 'GET', url: `/${former}` });
    expect([redirect.statusCode, redirect.headers.location]).toEqual([301, `/${former}-new`]);
    expect((await t.call({ method: 'GET', url: `/${former}-new` })).statusCode).toBe(200);
  });
});

describe('booking page and public catalog: a write through another instance', () => {
  const other = useOtherInstance(t);

  it("is in this instance's very next page and services: a service renamed", async () => {
    const owner = await registerBusiness(other);
    for (const url of publicUrls(owner)) await cached(t.call, url);
    await write(other.call, owner, 'PUT', `/services/${owner.service.id}`, { name: 'Стрижка машинкой' });
    expect((await read(t.call, pageUrl(owner))).text).toContain('Стрижка машинкой');
    expect((await read(t.call, servicesUrl(owner))).text).toContain('Стрижка машинкой');
  });

  it("is asked with the request's own headers, as this instance is (useOtherInstance keeps them beside a token)", async () => {
    const owner = await registerBusiness(other);
    const gzip = await other.call({ method: 'GET', url: pageUrl(owner), token: owner.token, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });
});
