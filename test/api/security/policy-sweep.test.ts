/**
 * The one policy (docs/decisions/0084-one-policy.md), checked from the served OpenAPI document: every
 * operation is called by every principal kind, each with its own credential, and is refused (with the
 * policy's status, code and detail) exactly when the operation's `x-principals` leaves that kind out.
 * Path parameters name nothing that exists and bodies are empty, so an admitted call ends in a 400 or 404
 * and nothing is changed.
 */
import Fastify from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTIONS, mayAct, POLICY, PRINCIPALS, refusal, type Action, type Principal } from '../../../src/modules/identity/policy.js';
import { SECRET_HEADER } from '../../../src/modules/bot/messenger.schemas.js';
import { allow, registerPolicy, scopeAction } from '../../../src/modules/identity/guards.js';
import { DEFAULT_NOW, SUPERADMIN_ENV, useTestApp } from '../../helpers/app.js';
import { botEnv, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { postUpdate, providerStart, randomChat, salon } from '../../helpers/bot-scenarios.js';
import { initDataOf, letMastersDecide, linkMaster, miniAppLogin } from '../../helpers/master-scenarios.js';
import { HTTP_STATUS } from '../../../src/http/errors.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, SUPERADMIN_ENV) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

interface Credential {
  headers: Record<string, string>;
  /** A master's own id: a master's week is row-scoped to it (schedules), which is not the policy's concern. */
  masterId?: number;
}

interface Operation {
  operationId: string;
  parameters?: { in: string; name: string; schema?: { type?: string; format?: string } }[];
  'x-principals'?: Principal[];
}
type Paths = Record<string, Record<string, Operation>>;

let credentials: Record<Principal, Credential>;
beforeAll(async () => {
  t.clock.set(DEFAULT_NOW);
  const owner = await salon(t);
  const ownerChat = randomChat();
  await postUpdate(t, messageUpdate(ownerChat, await providerStart(t, owner)));
  const ownerTelegram = await miniAppLogin(t, ownerChat);
  expect(ownerTelegram.role).toBe('provider');
  const key = await t.op('post', '/api/v1/api-keys', { token: owner.token, body: { name: 'sweep' } });
  expect(key.statusCode, key.body).toBe(201);
  const master = await linkMaster(t, owner);
  const deciding = await salon(t);
  await letMastersDecide(t, deciding);
  const decidingMaster = await linkMaster(t, deciding);
  const root = await t.op('post', '/api/v1/superadmin/login', { body: { username: 'root', password: SUPERADMIN_ENV.SUPERADMIN_PASSWORD } });
  expect(root.statusCode, root.body).toBe(200);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  credentials = {
    anonymous: { headers: {} },
    owner_password: { headers: bearer(owner.token) },
    owner_telegram: { headers: bearer(ownerTelegram.token) },
    api_key: { headers: bearer(key.data.key) },
    master: { headers: bearer(master.token), masterId: master.masterId },
    master_deciding: { headers: bearer(decidingMaster.token), masterId: decidingMaster.masterId },
    super_admin: { headers: bearer(root.data.access_token) },
    mini_app_client: { headers: { 'x-telegram-init-data': initDataOf(t, randomChat()) } },
  };
});

/** The action whose row an operation publishes: each row names one action. */
function actionOf(principals: readonly Principal[]): Action {
  const same = ACTIONS.filter((action) => [...POLICY[action]].sort().join() === [...principals].sort().join());
  expect(same).toHaveLength(1);
  return same[0]!;
}

/** A value for a path parameter that names nothing (a master's own id for master_id). */
function placeholder(parameter: NonNullable<Operation['parameters']>[number], credential: Credential): string {
  if (parameter.name === 'master_id' && credential.masterId !== undefined) return String(credential.masterId);
  if (parameter.schema?.type === 'integer') return '2147483000';
  if (parameter.schema?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'no-such-thing';
}

function request(path: string, method: string, operation: Operation, credential: Credential) {
  let url = path;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, placeholder(parameter, credential));
  }
  const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
  return t.call({
    method: method as 'GET',
    url,
    // The webhook's secret comes along with every call: it vouches for Telegram, not for a principal.
    headers: { ...credential.headers, [SECRET_HEADER]: t.app.ctx.config.telegramWebhookSecret },
    ...(withBody ? { payload: {} } : {}),
  });
}

/**
 * A write whose path names no id acts on the caller's own things and may end the caller's credential (a
 * rotated link): it comes after the reads and the writes of ids that do not exist; such a DELETE (the
 * owner's Telegram unlink ends every owner session, CONTRACT.md §11) last of all.
 */
function lateness({ path, method }: { path: string; method: string }): number {
  if (method === 'GET') return 0;
  if (path.includes('{')) return 1;
  return method === 'DELETE' ? 3 : 2;
}

async function operations() {
  const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).data as { paths: Paths };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

describe('the policy, operation by operation and principal by principal', () => {
  it('every operation publishes its principal kinds, one row of the table', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(80);
    for (const { path, method, operation } of all) {
      expect(operation['x-principals'], `${method} ${path}`).toBeDefined();
      actionOf(operation['x-principals']!);
    }
  });

  it('refuses exactly the principal kinds the table leaves out, with the policy words', async () => {
    const wrong: string[] = [];
    const calls = (await operations()).flatMap(({ path, method, operation }) => {
      const action = actionOf(operation['x-principals']!);
      return PRINCIPALS.map((principal) => ({ path, method, operation, action, principal, allowed: mayAct(principal, action) }));
    });
    // Every refusal first, then the admitted calls, those that may end the caller's own credential last (see `lateness`).
    calls.sort((a, b) => Number(a.allowed) - Number(b.allowed) || lateness(a) - lateness(b));
    for (const { path, method, operation, action, principal, allowed } of calls) {
      // An admitted stream never ends under inject (test/api/bookings/events*.test.ts read it); its refusals are checked.
      if (allowed && operation.operationId === 'streamEvents') continue;
      const response = await request(path, method, operation, credentials[principal]);
      const where = `${principal} ${method} ${path}: ${response.statusCode} ${response.body}`;
      if (allowed) {
        if ([401, 403].includes(response.statusCode)) wrong.push(`admitted ${where}`);
        continue;
      }
      const expected = refusal(principal, action);
      if (
        response.statusCode !== HTTP_STATUS[expected.code] ||
        response.data?.code !== expected.code ||
        response.data?.detail !== expected.detail
      ) {
        wrong.push(`refused ${where}, expected ${expected.code} ${expected.detail}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('deny by default', () => {
  it('a route that declares no action stops the start-up; one that does, or whose plugin does, starts', async () => {
    const bare = Fastify();
    registerPolicy(bare);
    bare.get('/declared', { config: allow('public') }, async () => 'ok');
    bare.get('/forgotten', async () => 'ok');
    await expect(bare.ready()).rejects.toThrow('Routes without a declared action (policy.ts): GET /forgotten');
    await bare.close();

    const declared = Fastify();
    registerPolicy(declared);
    await declared.register(async (scope) => {
      scopeAction(scope, 'public');
      scope.get('/scoped', async () => 'ok');
    });
    await declared.ready();
    expect((await declared.inject({ method: 'GET', url: '/scoped' })).body).toBe('ok');
    await declared.close();
  });
});
