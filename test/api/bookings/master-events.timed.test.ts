/** CONTRACT.md §16: a master's /events stream carries that master's bookings only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../../web/src/shared/sse.js';
import { useTestApp } from '../../helpers/app.js';
import { botEnv, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, salon } from '../../helpers/bot-scenarios.js';
import { addMaster, linkMaster } from '../../helpers/master-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

let base: string;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const controllers: AbortController[] = [];
afterAll(() => controllers.forEach((controller) => controller.abort()));

describe("a master's event stream", () => {
  it("carries that master's bookings and not another master's", async () => {
    const owner = await salon(t);
    const otherMaster = await addMaster(t, owner);
    const master = await linkMaster(t, owner);
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${base}/api/v1/events`, {
      headers: { authorization: `Bearer ${master.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const ids: string[] = [];
    void readSse(response, (message) => {
      if (message.event === 'booking') ids.push((JSON.parse(message.data) as { id: string }).id);
    }).catch(() => undefined);
    const theirs = await book(t, { ...owner, masterId: otherMaster }, { time: '12:00' });
    const mine = await book(t, owner, { time: '11:00' });
    await expect.poll(() => ids, { timeout: 2000, interval: 20 }).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });
});
