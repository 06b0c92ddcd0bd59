/**
 * CONTRACT.md §16: unlinking a master through one instance ends that master's token on another
 * instance (same database) within 1 s (401 not_authenticated).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOW, useOtherInstance, useTestApp } from '../../helpers/app.js';
import { botEnv, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { salon } from '../../helpers/bot-scenarios.js';
import { linkMaster } from '../../helpers/master-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });
const other = useOtherInstance(t);

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

describe('the ending across instances', () => {
  it('an unlink through one instance ends the token on another within 1 s', async () => {
    const owner = await salon(t);
    const master = await linkMaster(t, owner);
    const read = () => other.call({ method: 'GET', url: '/api/v1/bookings', token: master.token });
    expect((await read()).statusCode).toBe(200);
    const unlink = await t.op('delete', '/api/v1/masters/{id}/telegram', { token: owner.token, path: { id: owner.masterId } });
    expect(unlink.statusCode).toBe(204);
    const started = Date.now();
    await expect.poll(async () => (await read()).statusCode, { timeout: 1000, interval: 50 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await read()).data.code).toBe('not_authenticated');
  });
});
