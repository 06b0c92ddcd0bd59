/** Seeds through the public and provider API only: a business, 10 masters, one service linked to all, 200 bookings on one date. */
export const SEED = { masters: 10, bookings: 200 };

export interface Seeded {
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
  const masterIds: number[] = [];
  for (let i = 1; i <= SEED.masters; i += 1) {
    masterIds.push((await ok(base, 'POST', '/masters', { name: `Мастер ${i}`, service_ids: [serviceId] }, token)).id);
  }
  const seeded: Seeded = {
    slug: registered.business.slug,
    businessId: registered.business.id,
    serviceId,
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
