/**
 * Trust, second pass (CONTRACT.md §11): two legitimate features put together
 * by an attacker. A booking made with someone else's phone vouches for that
 * booking only; a provider link works once; a password change, a super-admin
 * reset and a rotate take the admin's Telegram id from whoever came to hold it.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema.js';
import { BOOKING_NOT_FOUND, PROVIDER_LINK_INVALID } from '../../../src/modules/bot/messages.js';
import { createTestApp, dbKind, DEFAULT_NOW, registerBusiness, uniquePhone, useTestApp } from '../../helpers/app.js';
import { botEnv, callbackUpdate, messageUpdate, useFakeTelegram } from '../../helpers/fake-telegram.js';
import {
  book,
  bookingRow,
  businessRow,
  postUpdate,
  providerStart,
  randomChat,
  salon,
  subscribePhone,
  userRow,
} from '../../helpers/bot-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake, { SUPERADMIN_USERNAME: 'root', SUPERADMIN_PASSWORD: 'super secret pass' }) });

beforeEach(() => {
  fake.reset();
  t.clock.set(DEFAULT_NOW);
});

const chatRows = (chat: number) =>
  t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.messengerChatId, String(chat)));

describe("a booking made with the victim's phone", () => {
  it('follows that booking only: the victim’s bookings elsewhere, their notices and their proposals stay out of reach', async () => {
    const victimPhone = uniquePhone();
    const victimsSalon = await salon(t);
    const victimChat = randomChat();
    await subscribePhone(t, victimChat, victimPhone);
    const victims = await book(t, victimsSalon, { phone: victimPhone, time: '12:00' });

    // The attacker books anywhere with the victim's phone, then opens the booking's bot link.
    const attackersSalon = await salon(t);
    const bait = await book(t, attackersSalon, { phone: victimPhone });
    const attacker = randomChat();
    await postUpdate(t, messageUpdate(attacker, `/start client_${bait.id}`));
    expect((await chatRows(attacker)).map((r) => [r.contextType, r.contextRef])).toEqual([['CLIENT_BOOKING', bait.id]]);

    fake.reset();
    await t.op('patch', '/api/v1/bookings/{id}', { token: victimsSalon.token, path: { id: victims.id }, body: { status: 'confirmed' } });
    const proposed = await t.op('post', '/api/v1/reschedule/{booking_id}', {
      token: victimsSalon.token,
      path: { booking_id: victims.id },
      body: { proposed_date: '2026-11-26', proposed_time: '15:00' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(fake.callsOf('sendMessage', attacker)).toHaveLength(0);
    expect(fake.textsTo(victimChat).join('\n')).toContain('ПОДТВЕРЖДЕНА');

    // Pressing "accept" on the victim's proposal moves nothing.
    fake.reset();
    await postUpdate(t, callbackUpdate(attacker, `ra_${proposed.data.proposal.id}`));
    expect(fake.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe(BOOKING_NOT_FOUND);
    expect((await bookingRow(t, victims.id)).startAt).toBe('2026-11-24 12:00:00');
  });

  it("the owner's own booking with any phone vouches for nothing more either", async () => {
    const victimPhone = uniquePhone();
    const other = await salon(t);
    const victims = await book(t, other, { phone: victimPhone });
    const owner = await salon(t);
    const made = await t.op('post', '/api/v1/bookings', {
      token: owner.token,
      body: {
        service_id: owner.service.id,
        master_id: owner.masterId,
        date: '2026-11-25',
        time: '10:00',
        first_name: 'X',
        phone: victimPhone,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const ownersChat = randomChat();
    await postUpdate(t, messageUpdate(ownersChat, `/start client_${made.data.id}`));
    fake.reset();
    await t.op('patch', '/api/v1/bookings/{id}', { token: other.token, path: { id: victims.id }, body: { status: 'confirmed' } });
    expect(fake.callsOf('sendMessage', ownersChat)).toHaveLength(0);
  });

  it('the database itself refuses a phone subscription that no shared contact vouched for', async () => {
    const insert = t.database.db
      .insert(subscriptions)
      .values({ contextType: 'CLIENT_PHONE', contextRef: '77010000000', messengerChatId: '1', origin: 'link' });
    await expect(insert).rejects.toThrow();
  });
});

describe('a provider link links once', () => {
  it('a forwarded link used a second time links nothing; the panel shows the new link at once', async () => {
    const owner = await salon(t);
    const start = await providerStart(t, owner);
    const ownersChat = randomChat();
    await postUpdate(t, messageUpdate(ownersChat, start));
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(ownersChat));
    const firstHolder = (await userRow(t, owner.user.id)).messengerId;
    expect(firstHolder).toBe(String(ownersChat));

    const afterwards = await providerStart(t, owner);
    expect(afterwards).not.toBe(start);
    const forwardedTo = randomChat();
    await postUpdate(t, messageUpdate(forwardedTo, start));
    expect(fake.lastTo(forwardedTo)!.text).toBe(PROVIDER_LINK_INVALID);
    expect((await businessRow(t, owner.business.id)).messengerChatId).toBe(String(ownersChat));
    expect((await userRow(t, owner.user.id)).messengerId).toBe(firstHolder);
  });
});

describe("the admin's Telegram id after the owner secures the account", () => {
  async function linkedSalon() {
    const owner = await salon(t);
    const chat = randomChat();
    await postUpdate(t, messageUpdate(chat, await providerStart(t, owner)));
    expect((await userRow(t, owner.user.id)).messengerId).toBe(String(chat));
    return { owner, chat };
  }

  async function chatStillHearsNewBookings(owner: Awaited<ReturnType<typeof salon>>, chat: number) {
    fake.reset();
    await book(t, owner, { time: '16:00' });
    expect(fake.callsOf('sendMessage', chat)).toHaveLength(1);
  }

  it('a password change clears it; the linked chat keeps its notices', async () => {
    const { owner, chat } = await linkedSalon();
    const changed = await t.op('post', '/api/v1/auth/password', {
      token: owner.token,
      body: { current_password: 'correct horse battery', new_password: 'a brand new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await userRow(t, owner.user.id)).messengerId).toBeNull();
    await chatStillHearsNewBookings(owner, chat);
  });

  it('a rotate clears it', async () => {
    const { owner, chat } = await linkedSalon();
    const rotated = await t.op('post', '/api/v1/business/telegram/rotate', { token: owner.token });
    expect(rotated.statusCode).toBe(200);
    expect((await userRow(t, owner.user.id)).messengerId).toBeNull();
    await chatStillHearsNewBookings(owner, chat);
  });

  it('a super-admin reset clears it', async () => {
    const { owner, chat } = await linkedSalon();
    const login = await t.op('post', '/api/v1/superadmin/login', { body: { username: 'root', password: 'super secret pass' } });
    expect(login.statusCode, login.body).toBe(200);
    const reset = await t.op('post', '/api/v1/superadmin/businesses/{id}/reset-password', {
      body: {},
      token: login.data.access_token,
      path: { id: owner.business.id },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await userRow(t, owner.user.id)).messengerId).toBeNull();
    await chatStillHearsNewBookings(owner, chat);
  });
});

describe('password routes an attacker with a stolen token or a list of e-mails would use', () => {
  it('POST /auth/password counts against RATE_LIMIT_LOGIN', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN: '3' } });
    try {
      const owner = await registerBusiness(limited);
      const guess = (n: number) =>
        limited.op('post', '/api/v1/auth/password', {
          token: owner.token,
          body: { current_password: `guess number ${n}`, new_password: 'whatever password' },
        });
      const answers = [];
      for (let n = 0; n < 5; n++) answers.push((await guess(n)).statusCode);
      expect(answers).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.app.close();
      await limited.database.close();
    }
  });

  // On PostgreSQL only: PGlite runs SQL on this thread, so its pg_sleep would stall the answer's delivery too.
  it.skipIf(dbKind() === 'pglite')(
    'POST /auth/password-reset answers before it works: a slow lookup for a real admin does not slow the answer',
    async () => {
      const owner = await salon(t);
      await postUpdate(t, messageUpdate(randomChat(), await providerStart(t, owner)));
      // Storing the reset token takes a second (a trigger): the answer must not wait for it.
      await t.database.db.execute(sql`
      CREATE OR REPLACE FUNCTION slow_reset_token() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(1); RETURN NEW; END $$`);
      await t.database.db.execute(sql`
      CREATE TRIGGER slow_reset_token BEFORE INSERT ON password_reset_tokens FOR EACH ROW EXECUTE FUNCTION slow_reset_token()`);
      try {
        const started = performance.now();
        const answer = await t.op('post', '/api/v1/auth/password-reset', { body: { email: owner.user.email } });
        const elapsed = performance.now() - started;
        expect(answer.statusCode).toBe(202);
        expect(elapsed).toBeLessThan(700);
        await expect
          .poll(() => fake.callsOf('sendMessage').some((c) => String(c.params.text).includes('#reset=')), { timeout: 5000 })
          .toBe(true);
      } finally {
        await t.database.db.execute(sql`DROP TRIGGER slow_reset_token ON password_reset_tokens`);
      }
    },
  );
});
