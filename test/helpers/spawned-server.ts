/**
 * The real server as a child process (src/server.ts, from the run's compiled copy
 * of src/ or through tsx: server-build.ts; or the built dist/src/server.js), for
 * tests about signals, processes and balancers; plus
 * seeding through the public API as a provider would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from '../../src/paths.js';
import { nodeArgs } from './server-build.js';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A new DATA_DIR holding an already migrated PGlite database (a copy of the run's migrated snapshot,
 * global-pglite.ts): a server starts on it without initdb and migrations (~5 s of CPU). For tests about
 * something else than a first start on an empty folder (test/api/operations/startup.test.ts is about that).
 */
export function migratedDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-migrated-'));
  cpSync(inject('pgliteDataDir'), join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code (SIGKILL after `killAfterMs`). */
  stop(killAfterMs?: number): Promise<number | null>;
}

export interface StartOptions {
  env: Record<string, string>;
  /** 'dist' runs the built server (npm run build first); default: src/server.ts (server-build.ts). */
  entry?: 'src' | 'dist';
  port?: number;
  /** Waits for this path to answer 200 (default /healthz). */
  readyPath?: string;
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const args = options.entry === 'dist' ? ['dist/src/server.js'] : nodeArgs('server.ts');
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output.slice(-3000)}`);
    try {
      if ((await fetch(`${base}${options.readyPath ?? '/healthz'}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async (killAfterMs = 40_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return { child, port, base, output: () => output, exited, stop };
}

export async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; data: any }> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a balancer's own error page)
  }
  return { status: response.status, data };
}

export interface SeededBusiness {
  token: string;
  businessId: number;
  slug: string;
  serviceId: number;
  masterId: number;
}

let seedCounter = 0;

/**
 * A request the server refused with 408 was never handled (its header deadline, CONTRACT.md §15, counts from the
 * connection's accept), so it may be sent again (RFC 9110 §15.5.9), as a client would: a server just started on a
 * starved machine can take its first connection and read it only past the deadline. Seeding is not what the
 * callers test (test/api/faults/server-timeouts.test.ts tests the deadlines).
 */
async function sentAgainOn408<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
  let answer = await send();
  for (let tries = 1; answer.status === 408 && tries < 3; tries += 1) answer = await send();
  return answer;
}

/** A business with one 30-minute service and one master who does it, registered through the API. */
export async function seedBusiness(base: string): Promise<SeededBusiness> {
  seedCounter += 1;
  const stamp = `${Date.now()}${seedCounter}`;
  const registered = await sentAgainOn408(() =>
    api(base, 'POST', '/auth/register', {
      email: `spawned${stamp}@example.kz`,
      password: 'long enough password',
      full_name: 'Айдана',
      business_name: 'Салон',
      phone: `+7705${stamp.slice(-7)}`,
      address: 'Алматы, ул. Абая 1',
      service: { name: 'Стрижка', duration: 30, price: 5000 },
    }),
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.data)}`);
  const token: string = registered.data.access_token;
  const serviceId: number = registered.data.service.id;
  const master = await api(base, 'POST', '/masters', { name: 'Мастер', service_ids: [serviceId] }, token);
  if (master.status !== 201) throw new Error(`master: ${master.status} ${JSON.stringify(master.data)}`);
  return { token, businessId: registered.data.business.id, slug: registered.data.business.slug, serviceId, masterId: master.data.id };
}

/** A Wednesday at least a week ahead of the real clock: a working day by the default schedule. */
export function workingDate(now = new Date(), weeksAhead = 1): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 7 * weeksAhead));
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

let phoneCounter = 0;
/** A booking body for the seeded business; `index` spreads the times over the working day. */
export function bookingBody(seeded: SeededBusiness, date: string, index: number) {
  phoneCounter += 1;
  const minute = 9 * 60 + ((index * 10) % 540);
  return {
    service_id: seeded.serviceId,
    master_id: seeded.masterId,
    date,
    time: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
    first_name: 'Клиент',
    phone: `+7707${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter % 10_000).padStart(4, '0')}`,
  };
}
