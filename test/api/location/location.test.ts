import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../helpers/app.js';
import { json, startFakeServer, type FakeServer } from '../../helpers/fake-http.js';
import { expectRefusal } from '../../helpers/refusal.js';

const KEY = 'secret-2gis-key';
let gis: FakeServer;
beforeAll(async () => {
  gis = await startFakeServer();
});
afterAll(() => gis.close());

const t = useTestApp({ env: () => ({ MAP_API_URL: gis.url, MAP_API_KEY: KEY }) });

const found = (items: unknown[]) => json(200, { meta: { api_version: '3.0.1', code: 200 }, result: { items, total: items.length } });
const almaty = {
  id: '9430047375',
  name: 'Алматы',
  full_name: 'Алматы',
  type: 'adm_div',
  subtype: 'city',
  point: { lat: 43.238293, lon: 76.945465 },
};

const cities = (q?: string) => t.op('get', '/api/v1/location/cities', { query: { q } });
const addresses = (query: { q?: string; lat?: number; lon?: number }) => t.op('get', '/api/v1/location/addresses', { query });

async function lastUpstream(run: () => Promise<unknown>) {
  const before = gis.requests.length;
  await run();
  expect(gis.requests.length).toBe(before + 1);
  return gis.requests.at(-1)!;
}

describe('GET /location/cities', () => {
  it('calls /3.0/suggests with exactly the parameters of SPEC.md and maps the answer', async () => {
    gis.handle(found([almaty]));
    let response!: Awaited<ReturnType<typeof cities>>;
    const upstream = await lastUpstream(async () => {
      response = await cities('Алм');
    });
    expect(upstream.method).toBe('GET');
    expect(upstream.path).toBe('/3.0/suggests');
    expect(Object.fromEntries(upstream.query)).toEqual({
      key: KEY,
      q: 'Алм',
      type: 'adm_div.city',
      fields: 'items.point',
      locale: 'ru_KZ',
      country_id: '4',
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual([{ name: 'Алматы', full_name: 'Алматы', point: { lat: 43.238293, lon: 76.945465 } }]);
    expect(response.body).not.toContain(KEY);
  });

  it('answers [] for a blank q without calling the provider', async () => {
    const before = gis.requests.length;
    for (const q of [undefined, '', '  ']) {
      const response = await cities(q);
      expect(response.statusCode, `q=${q}`).toBe(200);
      expect(response.data).toEqual([]);
    }
    expect(gis.requests.length).toBe(before);
  });

  it('answers [] when 2GIS finds nothing (meta.code 404)', async () => {
    gis.handle(json(200, { meta: { code: 404, error: { message: 'Results not found', type: 'itemNotFound' } } }));
    const response = await cities('zzzz');
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual([]);
  });

  it.each([
    ['an HTTP error', json(500, 'boom')],
    ['an error code in meta', json(200, { meta: { code: 403, error: { type: 'keyIsBlocked' } } })],
    ['a body that is not JSON', json(200, '<html>')],
    ['a body of the wrong shape', json(200, { meta: { code: 200 }, result: { items: [{ title: 'no name' }] } })],
    ['a dropped connection', (_req: unknown, res: { destroy(): void }) => res.destroy()],
  ])('is 502 Map provider unavailable on %s, without the key in the answer', async (_what, handler) => {
    gis.handle(handler as Parameters<FakeServer['handle']>[0]);
    const response = await cities('Алматы');
    expect(response.statusCode).toBe(502);
    expect(response.problem).toEqual({ detail: 'Map provider unavailable', code: 'map_unavailable' });
    expect(response.body).not.toContain(KEY);
  });

  it('gives up after 5 s with 502', async () => {
    gis.handle(() => undefined); // never answers
    const started = Date.now();
    const response = await cities('Алматы');
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(502);
    expect(response.problem).toEqual({ detail: 'Map provider unavailable', code: 'map_unavailable' });
    expect(elapsed).toBeGreaterThanOrEqual(4500);
    expect(elapsed).toBeLessThan(8000);
  }, 15_000);
});

describe('GET /location/addresses', () => {
  it('sends type, the common parameters and sort_point as lon,lat; maps full_name and point fallbacks', async () => {
    gis.handle(
      found([
        { id: '1', name: 'улица Абая, 10', full_name: 'Алматы, улица Абая, 10', type: 'building', point: { lat: 43.24, lon: 76.91 } },
        { id: '2', name: 'Абая', address_name: 'проспект Абая', type: 'street' },
      ]),
    );
    let response!: Awaited<ReturnType<typeof addresses>>;
    const upstream = await lastUpstream(async () => {
      response = await addresses({ q: 'Абая 10', lat: 43.238, lon: 76.945 });
    });
    expect(Object.fromEntries(upstream.query)).toEqual({
      key: KEY,
      q: 'Абая 10',
      type: 'street,branch,building,adm_div,crossroad',
      fields: 'items.point',
      locale: 'ru_KZ',
      country_id: '4',
      sort_point: '76.945,43.238',
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual([
      { name: 'улица Абая, 10', full_name: 'Алматы, улица Абая, 10', point: { lat: 43.24, lon: 76.91 }, type: 'building' },
      { name: 'Абая', full_name: 'проспект Абая', point: null, type: 'street' },
    ]);
  });

  it('answers [] for a blank q without a call', async () => {
    const before = gis.requests.length;
    const response = await addresses({ q: ' ', lat: 43.2, lon: 76.9 });
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual([]);
    expect(gis.requests.length).toBe(before);
  });

  it('400 on coordinates that are not numbers, out of range, or only one of the two', async () => {
    for (const query of ['lat=abc&lon=76', 'lat=91&lon=76', 'lat=43&lon=181', 'lat=43']) {
      const response = await t.call({ method: 'GET', url: `/api/v1/location/addresses?q=x&${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.data.detail).toBeTypeOf('string');
    }
  });

  it('502 on upstream failure', async () => {
    gis.handle(json(503, {}));
    const response = await addresses({ q: 'Абая', lat: 43.2, lon: 76.9 });
    expect(response.statusCode).toBe(502);
    expect(response.problem).toEqual({ detail: 'Map provider unavailable', code: 'map_unavailable' });
  });
});

describe('location without a key or provider', () => {
  it('502 when MAP_API_KEY is unset, with no upstream call', async () => {
    const keyless = await createTestApp({ env: { MAP_API_URL: gis.url } });
    try {
      const before = gis.requests.length;
      const response = await keyless.op('get', '/api/v1/location/cities', { query: { q: 'Алматы' } });
      expect(response.statusCode).toBe(502);
      expect(response.problem).toEqual({ detail: 'Map provider unavailable', code: 'map_unavailable' });
      expect(gis.requests.length).toBe(before);
    } finally {
      await keyless.app.close();
      await keyless.database.close();
    }
  });

  it('502 when the provider does not listen', async () => {
    const down = await createTestApp({ env: { MAP_API_URL: 'http://127.0.0.1:1', MAP_API_KEY: KEY } });
    try {
      const response = await down.op('get', '/api/v1/location/addresses', { query: { q: 'Абая' } });
      expectRefusal(response, 'map_unavailable');
    } finally {
      await down.app.close();
      await down.database.close();
    }
  });
});

describe('location failures are logged without the key', () => {
  it('warns with the reason only', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const logged = await createTestApp({ env: { MAP_API_URL: gis.url, MAP_API_KEY: KEY }, build: { logger: { level: 'info', stream } } });
    try {
      gis.handle(json(500, 'boom'));
      const almatyCities = () => logged.op('get', '/api/v1/location/cities', { query: { q: 'Алматы' } });
      expect((await almatyCities()).statusCode).toBe(502);
      gis.handle(json(200, { meta: { code: 200 }, result: { items: [{ nope: 1 }] } }));
      expect((await almatyCities()).statusCode).toBe(502);
      const warnings = output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((line) => line.msg === 'map provider failed');
      expect(warnings.map((line) => line.problem)).toEqual(['HTTP 500', 'unexpected body']);
      expect(output).not.toContain(KEY);
    } finally {
      await logged.app.close();
      await logged.database.close();
    }
  });
});

describe('location rate limit (per client address)', () => {
  it('429 with detail after RATE_LIMIT_LOCATION requests a minute; another address is not affected', async () => {
    const limited = await createTestApp({ env: { MAP_API_URL: gis.url, MAP_API_KEY: KEY, RATE_LIMIT_LOCATION: '2' } });
    try {
      const from = (remoteAddress: string) => limited.op('get', '/api/v1/location/cities', { query: { q: '' }, remoteAddress });
      expect((await from('10.0.0.1')).statusCode).toBe(200);
      expect((await from('10.0.0.1')).statusCode).toBe(200);
      const third = await from('10.0.0.1');
      expect(third.statusCode).toBe(429);
      expect(third.problem.detail).toMatch(/Too many requests/);
      expect((await from('10.0.0.2')).statusCode).toBe(200);
      const addressesFromFirst = await limited.op('get', '/api/v1/location/addresses', { query: { q: '' }, remoteAddress: '10.0.0.1' });
      expect(addressesFromFirst.statusCode).toBe(200); // each route counts on its own
    } finally {
      await limited.app.close();
      await limited.database.close();
    }
  });
});
