/**
 * Seeds through the public and provider API only: a business, 10 masters, two services linked to all
 * (the second for the visit row), 200 bookings on one date.
 */
import { addDays } from '../src/core/wallclock.js';

export const SEED = { masters: 10, bookings: 200 };

export interface Seeded {
  /** A second service of every master: the visit row books both (issue #52). */
  secondServiceId: number;
  slug: string;
  businessId: number;
  serviceId: number;
  masterIds: number[];
  date: string;
  /** Whether the business was linked to a Telegram chat, so new bookings notify the provider. */
  telegramLinked: boolean;
}

/** A Wednesday at least a week ahead: a working day by the default schedule, never in the past. */
export function benchDate(now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 7));
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

let phoneCounter = 0;
/** A unique Kazakh mobile number per call within a run. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `+7701${String(phoneCounter).padStart(7, '0')}`;
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: text ? JSON.parse(text) : undefined };
}

async function ok(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await call(base, method, path, body, token);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/**
 * The panel's deep link (GET /business/telegram), then its /start through the bot webhook with the
 * webhook secret, as Telegram delivers it: from then on every booking sends the provider a message,
 * as the write floor does. Whether it took is read back from the panel.
 */
async function linkTelegram(base: string, token: string, webhookSecret: string): Promise<boolean> {
  const link = await call(base, 'GET', '/business/telegram', undefined, token);
  if (link.status !== 200) return false;
  const update = {
    update_id: 1,
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 424242, type: 'private', first_name: 'Bench' },
      from: { id: 424242, is_bot: false, first_name: 'Bench' },
      text: `/start ${link.data.start_param as string}`,
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  };
  await fetch(`${base}/api/v1/messenger/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': webhookSecret },
    body: JSON.stringify(update),
  });
  return (await call(base, 'GET', '/business/telegram', undefined, token)).data?.linked === true;
}

export function bookingBody(seed: Seeded, index: number) {
  const minute = 9 * 60 + ((index * 37) % 510);
  return {
    service_id: seed.serviceId,
    master_id: seed.masterIds[index % seed.masterIds.length],
    date: seed.date,
    time: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
    first_name: 'Клиент',
    phone: nextPhone(),
  };
}

/** The working dates after the measured one, from the service's own date strip (CONTRACT.md §11: 62 days a request). */
export async function workingDates(base: string, seeded: Seeded, days: number): Promise<string[]> {
  const dates: string[] = [];
  for (let from = addDays(seeded.date, 1); dates.length < days; from = addDays(from, 62)) {
    const strip = (await ok(
      base,
      'GET',
      `/public/${seeded.slug}/days?service_id=${seeded.serviceId}&from=${from}&to=${addDays(from, 61)}`,
    )) as { date: string; available: boolean }[];
    dates.push(...strip.filter((day) => day.available).map((day) => day.date));
    if (from > addDays(seeded.date, 3 * 365)) throw new Error('no working dates in three years');
  }
  return dates.slice(0, days);
}

/**
 * Slots no other request of the row takes: a date, a master, a time, `minutes` long, within the
 * registered business's default hours (09:00-13:00 and 14:00-18:00, the break between).
 */
function freeSlot(seeded: Seeded, dates: string[], index: number, minutes: number): { date: string; masterId: number; time: string } {
  const perHalf = Math.floor((4 * 60) / minutes);
  const perDay = 2 * perHalf * seeded.masterIds.length;
  const date = dates[Math.floor(index / perDay) % dates.length]!;
  const slot = Math.floor(index / seeded.masterIds.length) % (2 * perHalf);
  const minute = slot < perHalf ? 9 * 60 + slot * minutes : 14 * 60 + (slot - perHalf) * minutes;
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return { date, masterId: seeded.masterIds[index % seeded.masterIds.length]!, time };
}

/** The booking the pages send (CONTRACT.md §19 if_free: made only when the time is free), at a time nobody has. */
export function ifFreeBookingBody(seeded: Seeded, dates: string[], index: number) {
  const { date, masterId, time } = freeSlot(seeded, dates, index, 30);
  return { service_id: seeded.serviceId, master_id: masterId, date, time, first_name: 'Клиент', phone: nextPhone(), if_free: true };
}

/** A visit of the two services with one master, back to back (CONTRACT.md §20), at an hour nobody has. */
export function visitBody(seeded: Seeded, dates: string[], index: number) {
  const { date, masterId, time } = freeSlot(seeded, dates, index, 60);
  return {
    items: [
      { service_id: seeded.serviceId, master_id: masterId },
      { service_id: seeded.secondServiceId, master_id: masterId },
    ],
    date,
    time,
    first_name: 'Клиент',
    phone: nextPhone(),
  };
}

export async function seed(base: string, webhookSecret: string): Promise<Seeded> {
  const phone = nextPhone();
  const registered = await ok(base, 'POST', '/auth/register', {
    email: `bench${Date.now()}@example.kz`,
    password: 'bench-password-1',
    full_name: 'Bench Owner',
    business_name: 'Bench Salon',
    phone,
    address: 'Алматы, ул. Абая 1',
    service: { name: 'Стрижка', duration: 30, price: 5000 },
  });
  const token: string = registered.access_token;
  const serviceId: number = registered.service.id;
  const secondServiceId: number = (await ok(base, 'POST', '/services', { name: 'Борода', duration: 30, price: 3000 }, token)).id;
  const masterIds: number[] = [];
  for (let i = 1; i <= SEED.masters; i += 1) {
    masterIds.push((await ok(base, 'POST', '/masters', { name: `Мастер ${i}`, service_ids: [serviceId, secondServiceId] }, token)).id);
  }
  const seeded: Seeded = {
    slug: registered.business.slug,
    businessId: registered.business.id,
    serviceId,
    secondServiceId,
    masterIds,
    date: benchDate(),
    telegramLinked: false,
  };
  seeded.telegramLinked = await linkTelegram(base, token, webhookSecret);
  if (!seeded.telegramLinked) throw new Error('the provider chat did not link: POST booking would skip its notice, unlike the write floor');
  for (let i = 0; i < SEED.bookings; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, j) => ok(base, 'POST', `/public/${seeded.slug}/booking`, bookingBody(seeded, i + j))));
  }
  return seeded;
}
