/**
 * REDIS_URL: the rate-limit counters live in Redis, so two instances count one
 * client once; a Redis that is down, or accepts and never answers, lets
 * requests through uncounted (with a warning) instead of failing or holding
 * them, and the limit comes back by itself when Redis does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '../../helpers/app.js';
import { freePort } from '../../helpers/spawned-server.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = () => `test:${randomBytes(6).toString('hex')}:`;

const apps: TestApp[] = [];
async function app(env: Record<string, string>, build?: TestAppOptions['build']): Promise<TestApp> {
  const made = await createTestApp({ env, build });
  apps.push(made);
  return made;
}
afterAll(async () => {
  for (const made of apps) {
    await made.app.close();
    await made.database.close();
  }
});

const login = (t: TestApp, address = '10.7.0.1') =>
  t.op('post', '/api/v1/auth/login', { remoteAddress: address, body: { email: 'a@b.kz', password: 'wrong-password' } });

function logSink(): { stream: Writable; lines: () => { level: number; msg: string }[] } {
  let output = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  return {
    stream,
    lines: () =>
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('rate limits shared through Redis (REDIS_URL)', () => {
  it('two instances on one Redis count a client once; another address has its own count', async () => {
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix(), RATE_LIMIT_LOGIN: '3' };
    const [a, b] = [await app(env), await app(env)];
    const codes = [];
    for (const instance of [a, b, a, b, a]) codes.push((await login(instance)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    expect((await login(b, '10.7.0.2')).statusCode).toBe(401);
  });

  it('without REDIS_URL each instance counts alone (memory, as before)', async () => {
    const env = { RATE_LIMIT_LOGIN: '1' };
    const [a, b] = [await app(env), await app(env)];
    expect([(await login(a)).statusCode, (await login(b)).statusCode, (await login(a)).statusCode]).toEqual([401, 401, 429]);
  });

  it('Redis unreachable: requests still answer at once, with one warning; the limit comes back with Redis', async () => {
    const port = await freePort();
    const logs = logSink();
    const t = await app(
      { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: prefix(), RATE_LIMIT_LOGIN: '2' },
      { logger: { level: 'info', stream: logs.stream } },
    );
    const started = Date.now();
    for (let i = 0; i < 6; i += 1) expect((await login(t)).statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(3000);
    const warnings = logs.lines().filter((line) => line.level === 40 && /Redis/.test(line.msg));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThan(4);

    const redis = await startRedis(port);
    try {
      // Reconnects by itself within ~2 s, then the limit holds again.
      expect(await eventually(async () => (await login(t, '10.7.0.3')).statusCode === 429, 10_000)).toBe(true);
      expect(logs.lines().some((line) => /Redis is back/.test(line.msg))).toBe(true);
    } finally {
      redis.kill('SIGKILL');
    }
    // And down again: fails open once more, promptly.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = Date.now();
    expect((await login(t, '10.7.0.4')).statusCode).toBe(401);
    expect(Date.now() - again).toBeLessThan(2000);
  }, 30_000);

  it('a Redis that stops answering (SIGSTOP) costs a request at most ~50 ms; one warning, one info when it is back, a metric', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const logs = logSink();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const t = await app(
        {
          REDIS_URL: `redis://127.0.0.1:${port}`,
          REDIS_PREFIX: prefix(),
          RATE_LIMIT_LOGIN: '3',
          METRICS_TOKEN: 'metrics-token-0123456789',
        },
        { logger: { level: 'info', stream: logs.stream } },
      );
      const metric = async () =>
        (await t.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } })).body
          .split('\n')
          .find((line) => line.startsWith('redis_circuit_open '));
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const timed = async (ip: string) => {
        const started = performance.now();
        expect((await login(t, ip)).statusCode).toBe(401);
        return performance.now() - started;
      };
      // What a login costs with Redis answering (a password check is in it), each from its own address.
      const baseline: number[] = [];
      for (let i = 0; i < 10; i += 1) baseline.push(await timed(`10.8.0.${i}`));
      redis.kill('SIGSTOP');
      const times: number[] = [];
      for (let i = 0; i < 20; i += 1) times.push(await timed('10.9.0.2'));
      console.log(
        `\nfault figures, hung Redis: ${JSON.stringify({ loginMedianMs: Math.round(median(baseline)), firstWhileHungMs: Math.round(times[0]!), medianWhileHungMs: Math.round(median(times.slice(1))) })}\n`,
      );
      // The first waits the 50 ms budget, the rest go around Redis at once.
      expect(times[0]! - median(baseline)).toBeLessThan(50 + 60);
      expect(median(times.slice(1))).toBeLessThan(median(baseline) * 1.5 + 10);
      expect(await metric()).toBe('redis_circuit_open 1');
      const redisLines = () => logs.lines().filter((line) => /Redis/.test(line.msg));
      expect(redisLines().filter((line) => line.level === 40)).toHaveLength(1);

      redis.kill('SIGCONT');
      // A probe a second closes the circuit: the limit holds again, with one info line.
      expect(await eventually(async () => (await login(t, '10.9.0.3')).statusCode === 429, 10_000)).toBe(true);
      expect(redisLines().filter((line) => line.level === 30 && /back/.test(line.msg))).toHaveLength(1);
      expect(await metric()).toBe('redis_circuit_open 0');
    } finally {
      redis.kill('SIGCONT');
      redis.kill('SIGKILL');
    }
  }, 30_000);

  it('a Redis that accepts connections and never answers does not hold start-up or requests', async () => {
    const sockets: Socket[] = [];
    const blackhole: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blackhole.address() as { port: number }).port;
      // Compared with a start without Redis in the same minute: the database's own start varies with the machine's load.
      const timed = async <T>(work: () => Promise<T>) => {
        const started = Date.now();
        return { value: await work(), ms: Date.now() - started };
      };
      const plain = await timed(() => app({ RATE_LIMIT_LOGIN: '1' }));
      const hung = await timed(() => app({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: prefix(), RATE_LIMIT_LOGIN: '1' }));
      expect(hung.ms - plain.ms).toBeLessThan(3000); // the connect attempt gives up after 1 s
      for (let i = 0; i < 3; i += 1) {
        const answer = await timed(() => login(hung.value));
        expect(answer.value.statusCode).toBe(401);
        expect(answer.ms).toBeLessThan(1500); // each command gives up after 300 ms
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      blackhole.close();
    }
  }, 20_000);
});

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  return child;
}
