/**
 * `npm start`-style start with no configuration: the real server process on a
 * free port with a fresh DATA_DIR (PGlite), or with only DATABASE_URL in the
 * PostgreSQL project. Checks health, the generated JWT secret, a registration
 * answered by /slots, request logs, graceful stop, and that a restart keeps
 * both the secret and the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dbKind, uniquePhone } from '../../helpers/app.js';
import { nodeArgs } from '../../helpers/server-build.js';

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const running: ChildProcess[] = [];

async function start(dataDir: string, extra: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dataDir,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...extra,
  };
  if (dbKind() === 'postgres') env.DATABASE_URL = inject('postgresUrl');
  const child = spawn(process.execPath, nodeArgs('server.ts'), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 75_000; // a first PGlite start runs initdb: slow on a busy machine
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, output: () => output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(server: Server): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return exited;
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Files and folders under dir that a group or other user may read, write or enter. */
function readableByOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => (statSync(path).mode & 0o077) !== 0);
}

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

describe('starting the server with no configuration', { timeout: 120_000 }, () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'booking-start-')), 'data');
  let token = '';
  let slug = '';

  it('answers /healthz and /readyz, writes jwt_secret into DATA_DIR, and serves /slots for a registered business', async () => {
    const server = await start(dataDir);
    try {
      expect(await json(await fetch(`${server.base}/healthz`))).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await json(await fetch(`${server.base}/readyz`))).toEqual({ status: 200, body: { status: 'ok' } });
      expect(existsSync(join(dataDir, 'jwt_secret'))).toBe(true);
      // CONTRACT.md §11: DATA_DIR is its owner's alone, and so is every database file in it.
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      if (dbKind() === 'pglite') {
        expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
        expect(readableByOthers(dataDir)).toEqual([]);
      }

      const registered = await json(
        await fetch(`${server.base}/api/v1/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `start${Date.now()}@example.kz`,
            password: 'long enough 1',
            full_name: 'A',
            business_name: 'B',
            phone: uniquePhone(),
          }),
        }),
      );
      expect(registered.status).toBe(201);
      ({ access_token: token } = registered.body);
      slug = registered.body.business.slug;
      const slotsUrl = `${server.base}/api/v1/public/${slug}/slots?date=2026-11-23`;
      expect(await json(await fetch(slotsUrl))).toEqual({
        status: 200,
        body: { work_start: '09:00', work_end: '18:00', busy_intervals: [['13:00', '14:00']] },
      });
      // The body is read whole: an unread answer larger than the socket's buffer keeps its connection busy, and shutdown waits for it.
      const docs = await json(await fetch(`${server.base}/api/docs/json`));
      expect([docs.status, docs.body.openapi]).toEqual([200, expect.stringMatching(/^3\./)]);
    } finally {
      expect(await stop(server), server.output().slice(-3000)).toBe(0);
    }
    // Request log lines carry the path without its query string.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { req?: { path?: string; url?: string } });
    const slotLogs = lines.filter((line) => line.req?.path?.startsWith('/api/v1/public/') && line.req.path.endsWith('/slots'));
    expect(slotLogs.length).toBeGreaterThan(0);
    expect(slotLogs.every((line) => !line.req!.path!.includes('?') && line.req!.url === undefined)).toBe(true);
    expect(server.output()).not.toContain('date=2026-11-23');
  });

  it('reuses the generated secret and keeps the data on restart', async () => {
    const secret = readFileSync(join(dataDir, 'jwt_secret'), 'utf8');
    const server = await start(dataDir);
    try {
      expect(readFileSync(join(dataDir, 'jwt_secret'), 'utf8')).toBe(secret);
      const me = await json(await fetch(`${server.base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } }));
      expect(me.status).toBe(200);
      expect(me.body.business.slug).toBe(slug);
    } finally {
      expect(await stop(server), server.output().slice(-3000)).toBe(0);
    }
  });
});

describe('starting with JWT_SECRET set and a DATA_DIR that does not exist yet', { timeout: 120_000 }, () => {
  it('creates the folder (0700) and starts', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'booking-start-')), 'not', 'there', 'yet');
    const server = await start(dataDir, { JWT_SECRET: 'a-secret-set-by-the-operator-for-this-test' });
    try {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      if (dbKind() === 'pglite') expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      expect(await stop(server), server.output().slice(-3000)).toBe(0);
    }
  });
});

describe('a start that cannot happen says why in one line', () => {
  async function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, nodeArgs('server.ts'), {
      env: { PATH: process.env.PATH ?? '', PORT: String(await freePort()), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, output: output.trim() };
  }

  it.each([
    ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, /hop count/],
    // Under a file (node's own binary), so no folder can be made there.
    [
      'a DATA_DIR that cannot be created',
      { DATA_DIR: join(process.execPath, 'data') },
      /^booking-kz cannot start: DATA_DIR \S+ cannot be used \(ENOTDIR\)/,
    ],
  ])('%s: exit 1 and one line, no stack', async (_name, env, reason) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'booking-start-'));
    const { code, output } = await failedStart({ DATA_DIR: dataDir, ...env });
    expect(code).toBe(1);
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toMatch(/^booking-kz cannot start: /);
    expect(output).toMatch(reason);
    expect(output).not.toMatch(/\n\s+at /);
  });
});
