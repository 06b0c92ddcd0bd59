/**
 * «Мои записи» (CONTRACT.md §18) and the client's notices (§11) read one relation, "the phones a chat
 * verified" (bookings/recipients.queries.ts): a client whose phone was stored in another form of the
 * same number (8 701…, +7 701…, as SPEC.md's phone variants allow) is found by both, where the mini
 * app's list once compared the phone exactly and missed it while the notice went out.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../../../src/db/schema.js';
import { uniquePhone, useTestApp } from '../../helpers/app.js';
import { botEnv, useFakeTelegram } from '../../helpers/fake-telegram.js';
import { book, randomChat, salon, subscribePhone } from '../../helpers/bot-scenarios.js';
import { initDataOf } from '../../helpers/master-scenarios.js';

const fake = useFakeTelegram();
const t = useTestApp({ env: botEnv(fake) });

/** A page booking whose client row then holds `form(local)` of its number, as a row written before phones were normalized may. */
async function bookingOfStoredForm(form: (local: string) => string) {
  const owner = await salon(t);
  const phone = uniquePhone();
  const booking = await book(t, owner, { phone });
  const stored = booking.client.phone;
  await t.database.db
    .update(clients)
    .set({ phone: form(stored.slice(1)) })
    .where(and(eq(clients.businessId, owner.business.id), eq(clients.phone, stored)));
  return { owner, phone, booking };
}

const myBookingIds = async (slug: string, chat: number) => {
  const response = await t.op('get', '/api/v1/public/{slug}/my-bookings', {
    headers: { 'x-telegram-init-data': initDataOf(t, chat) },
    path: { slug },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.map((item: { id: string }) => item.id);
};

describe('a verified phone finds its client in every stored form', () => {
  for (const [name, form] of [
    ['8 701…', (local: string) => `8${local}`],
    ['+7 701…', (local: string) => `+7${local}`],
  ] as const)
    it(`a client stored as ${name}: in the verifying chat's «Мои записи» and told of the status change there`, async () => {
      const { owner, phone, booking } = await bookingOfStoredForm(form);
      const me = randomChat();
      expect(await myBookingIds(owner.business.slug, me)).toEqual([]);
      await subscribePhone(t, me, phone);
      expect(await myBookingIds(owner.business.slug, me)).toEqual([booking.id]);
      fake.reset();
      const patched = await t.op('patch', '/api/v1/bookings/{id}', {
        token: owner.token,
        path: { id: booking.id },
        body: { status: 'confirmed' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      await expect.poll(() => fake.textsTo(me).join('\n')).toContain('Запись ПОДТВЕРЖДЕНА');
    });

  it('a chat that verified another number, or none, sees none of it', async () => {
    const { owner, booking } = await bookingOfStoredForm((local) => `8${local}`);
    const someoneElse = randomChat();
    await subscribePhone(t, someoneElse, uniquePhone());
    expect(await myBookingIds(owner.business.slug, someoneElse)).not.toContain(booking.id);
    expect(await myBookingIds(owner.business.slug, randomChat())).toEqual([]);
  });
});
