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

/** /start provider_<id> through the bot webhook, as a provider would; false when the bot is not built yet. */
async function linkTelegram(base: string, businessId: number): Promise<boolean> {
  const update = {
    update_id: 1,
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 424242, type: 'private', first_name: 'Bench' },
      from: { id: 424242, is_bot: false, first_name: 'Bench' },
      text: `/start provider_${businessId}`,
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  };
  const response = await call(base, 'POST', '/messenger/webhook', update);
  return response.status === 200;
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

export async function seed(base: string): Promise<Seeded> {
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
  seeded.telegramLinked = await linkTelegram(base, seeded.businessId);
  for (let i = 0; i < SEED.bookings; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, j) => ok(base, 'POST', `/public/${seeded.slug}/booking`, bookingBody(seeded, i + j))));
  }
  return seeded;
}
