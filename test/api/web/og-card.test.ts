/**
 * The share card (/{slug}/og.png) is expensive to draw: it is drawn on a worker
 * thread, remembered per business and content, bounded and rate-limited, so
 * one client asking hundreds of salons' cards cannot slow the service
 * (CONTRACT.md §11, "expensive public answers").
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../../src/db/schema.js';
import { createTestApp, registerBusiness, type TestApp } from '../../helpers/app.js';

const hasFont = existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf');
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_OG_IMAGE: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.app.close();
  await t.database.close();
});

interface Flood {
  cards: CardAnswer[];
  /** /healthz times during the flood, and before it on the same machine. */
  health: number[];
  quiet: number[];
}

interface CardAnswer {
  status: number;
  type: string | null;
  width: number;
}

/** Every card asked at once, each on its own connection. */
const CONNECTIONS = 300;

/**
 * From a child node process: every URL over CONNECTIONS connections, and meanwhile /healthz
 * every 5 ms; resolves with what each card answered and how long each /healthz took.
 */
function floodFromAnotherProcess(healthUrl: string, urls: string[]): Promise<Flood> {
  const script = `
    const [healthUrl, list] = process.argv.slice(1);
    const urls = JSON.parse(list);
    const cards = [];
    const health = [];
    let next = 0;
    let flooding = true;
    async function connection() {
      while (next < urls.length) {
        const answer = await fetch(urls[next++]);
        const bytes = Buffer.from(await answer.arrayBuffer());
        cards.push({ status: answer.status, type: answer.headers.get('content-type'), width: bytes.length > 20 ? bytes.readUInt32BE(16) : 0 });
      }
    }
    async function probe() {
      while (flooding) {
        const started = performance.now();
        await (await fetch(healthUrl)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    // First the machine as it is, without the flood: the baseline the flood is compared with.
    const quiet = [];
    async function baseline() {
      const until = performance.now() + 1500;
      while (performance.now() < until) {
        const started = performance.now();
        await (await fetch(healthUrl)).arrayBuffer();
        quiet.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    baseline()
      .then(() => {
        const probing = probe();
        return Promise.all(Array.from({ length: ${CONNECTIONS} }, connection)).then(() => { flooding = false; return probing; });
      })
      .then(() => process.stdout.write(JSON.stringify({ cards, health, quiet })));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, healthUrl, JSON.stringify(urls)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Flood) : reject(new Error(`flood exited ${code}`))));
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;

describe('/{slug}/og.png under a flood of distinct cards', () => {
  it('300 different salons’ cards asked at once keep /healthz p99 under 20 ms, and every answer is a PNG', async () => {
    const stamp = Date.now().toString(36);
    const rows = Array.from({ length: 300 }, (_, i) => ({
      slug: `og-${stamp}-${i}`,
      name: `Салон красоты «Номер ${i}» на длинной улице`,
      phone: '77010000000',
      address: `Алматы, проспект Абая ${i}`,
    }));
    await t.database.db.insert(businesses).values(rows);

    // The flood and the /healthz probe come from another process, as clients and a monitor would.
    const { cards, health, quiet } = await floodFromAnotherProcess(
      `${base}/healthz`,
      rows.map((row) => `${base}/${row.slug}/og.png`),
    );

    expect(cards).toHaveLength(300);
    expect(cards.every((card) => card.status === 200 && card.type === 'image/png' && card.width === 1200)).toBe(true);
    expect(health.length).toBeGreaterThan(5);
    console.info(
      `og flood: /healthz p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms over ${health.length};` +
        ` without the flood p99 ${percentile(quiet, 99).toFixed(1)} ms`,
    );
    // 20 ms over what this machine gives without the flood: on a quiet machine that is the 20 ms itself; when other
    // test files load both cores, their share is not the card's.
    expect(percentile(health, 99)).toBeLessThan(20 + percentile(quiet, 99));
  });

  it.skipIf(!hasFont)('a card is drawn once per content: asked again it is the same, renamed it is drawn anew', async () => {
    const owner = await registerBusiness(t, { business_name: 'Барбершоп «Усы»' });
    const card = async () => Buffer.from(await (await fetch(`${base}/${owner.business.slug}/og.png`)).arrayBuffer());
    const first = await card();
    const started = performance.now();
    expect((await card()).equals(first)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
    await t.op('put', '/api/v1/business', { token: owner.token, body: { name: 'Барбершоп «Борода»' } });
    expect((await card()).equals(first)).toBe(false);
  });
});

describe('/{slug}/og.png rate limit', () => {
  it('a client past RATE_LIMIT_OG_IMAGE a minute gets 429 {detail, code}', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_OG_IMAGE: '2' } });
    try {
      const owner = await registerBusiness(limited);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.call({ method: 'GET', url: `/${owner.business.slug}/og.png` })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await limited.call({ method: 'GET', url: `/${owner.business.slug}/og.png` });
      expect(refused.data).toMatchObject({ code: 'rate_limited' });
    } finally {
      await limited.app.close();
      await limited.database.close();
    }
  });
});
