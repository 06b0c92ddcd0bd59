/**
 * Builds the real app for an API test file, on PGlite or PostgreSQL as the
 * vitest project says (TEST_DB), with a settable clock. No module of the
 * project is mocked; external services are local fake servers.
 */
import { randomInt } from 'node:crypto';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, usePglite, type Database, type QueryObserver } from '../../src/db/client.js';
import { SettableClock } from '../../src/core/clock.js';
import { contractChecker, type ContractChecker } from './contract.js';
import { pgliteView } from './shared-pglite.js';
import { typedCall, type RequestBody, type TypedCall } from './typed-call.js';

/** Monday 2026-11-23 10:00 in Asia/Almaty (UTC+5). */
export const DEFAULT_NOW = '2026-11-23T05:00:00Z';

/** The operator's credentials: a super-admin token lives only while they are set and unchanged (CONTRACT.md §11, third pass). */
export const SUPERADMIN_ENV = { SUPERADMIN_USERNAME: 'root', SUPERADMIN_PASSWORD: 'super secret pass' };

export const dbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** `onQuery` sees every query the app runs (test/api/availability/query-count.test.ts counts them). */
export async function openTestDatabase(onQuery?: QueryObserver): Promise<Database> {
  if (dbKind() === 'postgres') {
    return openDatabase({ databaseUrl: inject('postgresUrl'), dataDir: '', connectionTimeoutMs: 2000, statementTimeoutMs: 5000, onQuery });
  }
  // A view of the worker's one PGlite (shared-pglite.ts): its close() ends the view, not the client.
  return usePglite(await pgliteView(), { onQuery });
}

/** scrypt at 1/16 of production's work (~4 ms a hash): the tests register thousands of owners. */
const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

export function testConfig(env: Record<string, string> = {}): Config {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'booking-data-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    PUBLIC_URL: 'http://booking.test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_SUPERADMIN_LOGIN: '0',
    RATE_LIMIT_BOOKING: '0',
    RATE_LIMIT_LOCATION: '0',
    ...env,
  });
  return { ...config, passwordCost: TEST_PASSWORD_COST };
}

export interface TestApp {
  app: FastifyInstance;
  clock: SettableClock;
  config: Config;
  database: Database;
  /** app.inject with JSON parsed; `token` adds the bearer header. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse & { data: any }>;
  /** An operation of the served document, typed by web/src/shared/api-types.ts (test/helpers/typed-call.ts). */
  op: TypedCall;
}

export interface TestAppOptions {
  env?: Record<string, string> | (() => Record<string, string>);
  now?: string;
  build?: Partial<Omit<BuildOptions, 'config' | 'clock' | 'database'>>;
  onQuery?: QueryObserver;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = typeof options.env === 'function' ? options.env() : options.env;
  const config = testConfig(env);
  const clock = new SettableClock(options.now ?? DEFAULT_NOW);
  const database = await openTestDatabase(options.onQuery);
  const app = await buildApp({ config, clock, database, ...options.build });
  await app.ready();
  let contract: Promise<ContractChecker> | undefined;
  const call: TestApp['call'] = async (options) => {
    const response = await injectCall(app, options);
    contract ??= contractChecker(app);
    const problems = (await contract).check({ method: options.method ?? 'GET', url: String(options.url) }, response);
    if (problems.length > 0) reportContractProblems(problems);
    return response;
  };
  return { app, clock, config, database, ...apiCaller(call) };
}

/** The API as a test calls it: `call`, and `op` typed by the served document over it. */
export type ApiCaller = Pick<TestApp, 'call' | 'op'>;

/** An ApiCaller over the `call` of an app a test built itself (a second instance). */
export const apiCaller = (call: TestApp['call']): ApiCaller => ({ call, op: typedCall(call) });

/** One app per test file: built before the tests, closed after them. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(options));
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}

/** A request to an app as a test makes it (a token as a Bearer header beside the request's own), its body parsed when it is JSON. */
async function injectCall(app: FastifyInstance, { token, headers, ...rest }: Parameters<TestApp['call']>[0]) {
  const response = await app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  let data: unknown;
  try {
    data = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    data = response.body;
  }
  return Object.assign(response, { data });
}

/** A random Kazakh mobile number, +770XXXXXXXX; collisions across a run are negligible and harmless. */
export function uniquePhone(): string {
  return `+770${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface RegisteredBusiness {
  token: string;
  business: { id: number; slug: string; name: string; phone: string };
  user: { id: number; email: string };
  service: { id: number; name: string; duration: number; price: number };
}

export async function registerBusiness(
  t: Pick<ApiCaller, 'op'>,
  overrides: Partial<RequestBody<'post', '/api/v1/auth/register'>> = {},
): Promise<RegisteredBusiness> {
  const phone = uniquePhone();
  const response = await t.op('post', '/api/v1/auth/register', {
    body: {
      email: `owner${phone.replace(/\D/g, '')}${Math.random().toString(36).slice(2, 8)}@example.kz`,
      password: 'correct horse battery',
      full_name: 'Айгерим Садыкова',
      business_name: 'Салон «Ажар»',
      phone,
      address: 'Алматы, ул. Абая 10',
      service: { name: 'Стрижка', duration: 60, price: 5000 },
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { token: response.data.access_token, business: response.data.business, user: response.data.user, service: response.data.service };
}

/** An answer the served document does not describe fails the test (CONTRACT_RECORD=file only lists them, to survey). */
function reportContractProblems(problems: string[]): void {
  const record = process.env.CONTRACT_RECORD;
  if (record) appendFileSync(record, problems.map((line) => `${line}\n`).join(''));
  else throw new Error(`The answer breaks the served OpenAPI document:\n${problems.join('\n')}`);
}

export interface OtherInstance extends ApiCaller {
  app: FastifyInstance;
  database: Database;
}

/**
 * A second instance of the service beside `t`: its own connection pool and LISTEN connection on
 * PostgreSQL, the same embedded database on PGlite. Its answers are not contract-checked.
 */
export function useOtherInstance(t: TestApp): OtherInstance {
  const other = {} as OtherInstance;
  beforeAll(async () => {
    const database = dbKind() === 'postgres' ? await openTestDatabase() : t.database;
    const app = await buildApp({ config: testConfig(), clock: new SettableClock(DEFAULT_NOW), database });
    await app.ready();
    Object.assign(other, { app, database, ...apiCaller((options) => injectCall(app, options)) });
  });
  afterAll(async () => {
    await other.app?.close();
    if (other.database && other.database !== t.database) await other.database.close();
  });
  return other;
}
