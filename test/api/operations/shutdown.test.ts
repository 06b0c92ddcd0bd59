/**
 * Graceful shutdown of the real server process: SIGTERM/SIGINT let an
 * in-flight request finish (it still writes to the database), then the
 * database is closed and the process exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../../src/db/pglite-settings.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../../../src/paths.js';
import { uniquePhone } from '../../helpers/app.js';
import { json, startFakeServer, type FakeServer } from '../../helpers/fake-http.js';
import { nodeArgs } from '../../helpers/server-build.js';
import { migratedDataDir } from '../../helpers/spawned-server.js';

const onPostgres = process.env.TEST_DB === 'postgres';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let verifier: FakeServer;
beforeAll(async () => {
  // A slow captcha verifier keeps a registration in flight while the signal arrives.
  verifier = await startFakeServer(async (_request, response) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await json(200, { success: true })(_request, response);
  });
});
afterAll(async () => {
  await verifier.close();
});

interface Running {
  child: ChildProcess;
  base: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  // On PGlite an already migrated DATA_DIR: this is about stopping, not a first start (startup.test.ts).
  const dataDir = onPostgres ? mkdtempSync(join(tmpdir(), 'booking-shutdown-')) : migratedDataDir();
  const child = spawn(process.execPath, nodeArgs('server.ts'), {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      JWT_SECRET: 'shutdown-test-secret-long-enough-000000',
      CAPTCHA_SECRET: 'secret',
      CAPTCHA_VERIFY_URL: verifier.url,
      ...(onPostgres ? { DATABASE_URL: inject('postgresUrl') } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, dataDir, output: () => output, exited };
}

async function businessCount(dataDir: string, email: string): Promise<number> {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from users where email = $1', [email]);
    await client.end();
    return rows[0].n;
  }
  // Reopening the files of the stopped server: the write of the in-flight request is there.
  const db = new PGlite(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users where email = $1', [email]);
  await db.close();
  return rows[0]!.n;
}

describe('graceful shutdown of src/server.ts', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: the in-flight request finishes, then the database closes and the exit code is 0',
    async (signal) => {
      const server = await startServer();
      try {
        const email = `shutdown-${signal.toLowerCase()}-${Date.now()}@example.kz`;
        const inFlight = fetch(`${server.base}/api/v1/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email,
            password: 'long enough password',
            full_name: 'Айдана',
            business_name: 'Салон',
            phone: uniquePhone(),
            captcha_token: 't',
          }),
        });
        await new Promise((resolve) => setTimeout(resolve, 400)); // the request now waits on the verifier
        server.child.kill(signal);

        const response = await inFlight;
        expect(response.status).toBe(201);
        expect(await server.exited, server.output().slice(-3000)).toBe(0);
        const log = server.output();
        expect(log).toContain('shutting down: finishing in-flight requests');
        expect(log).toContain('shutdown complete: server, bot and database closed');
        // New connections are refused once it stopped.
        await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
        expect(await businessCount(server.dataDir, email)).toBe(1);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
