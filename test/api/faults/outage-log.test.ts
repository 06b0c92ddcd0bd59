/**
 * A PostgreSQL outage stays readable in the log: its flood of 503s becomes one
 * line per failure kind and second, with a count, and no SQL text at info or
 * warn (drizzle puts the statement and its parameters in the error message).
 * PostgreSQL through a TCP proxy this test cuts; PGlite has no connection to lose.
 */
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { SettableClock } from '../../../src/core/clock.js';
import { DEFAULT_NOW, testConfig } from '../../helpers/app.js';

/** Forwards to PostgreSQL until cut: then every connection is dropped and new ones refused. */
async function cuttableProxy(target: { host: string; port: number }) {
  let cut = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = new Socket().connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy()).on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('log lines during a PostgreSQL outage', () => {
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let database: Database;
  let app: FastifyInstance;
  let output = '';
  const lines = () =>
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; count?: number; kind?: string });

  beforeAll(async () => {
    const url = new URL(inject('postgresUrl'));
    proxy = await cuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const proxied = new URL(url);
    proxied.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: proxied.toString(), dataDir: '', connectionTimeoutMs: 500 });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    app = await buildApp({ config: testConfig(), clock: new SettableClock(DEFAULT_NOW), database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await proxy?.close();
  });

  it('300 failed requests in ~2 s: a handful of counted lines, no SQL', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/public/no-such-salon/services' })).statusCode).toBe(404);
    proxy.cut();
    output = '';
    const started = Date.now();
    const statuses: number[] = [];
    for (let wave = 0; wave < 10; wave += 1) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => app.inject({ method: 'GET', url: `/api/v1/public/salon-${wave}-${i}/services` })),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const elapsedSeconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1200)); // the last second's count is written
    expect(statuses.filter((status) => status !== 503)).toEqual([]);

    const outage = lines().filter((line) => line.level >= 30 && /answering 503|answered 503/.test(line.msg));
    // The first of each kind at once, then at most one line per kind and second.
    const kinds = new Set(outage.map((line) => line.kind));
    expect(outage.length).toBeLessThanOrEqual(kinds.size * (Math.ceil(elapsedSeconds) + 2));
    expect(outage.length).toBeLessThan(15);
    // Every failure is accounted for: the first lines plus the counts.
    const accounted = outage.reduce((sum, line) => sum + (line.count ?? 1), 0);
    expect(accounted).toBe(300);
    for (const line of outage) expect(line.kind).toMatch(/^database /);
    // Nothing at info or above carries SQL text or a failed query.
    const visible = lines()
      .filter((line) => line.level >= 30)
      .map((line) => JSON.stringify(line));
    for (const text of visible) expect(text).not.toMatch(/select |Failed query|from "/i);
    expect(lines().filter((line) => line.level >= 50)).toEqual([]);
  });
});
