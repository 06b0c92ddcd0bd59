/**
 * What the flow reads from the public API, and the start times it offers.
 * The time arithmetic is the server's own module (freeStartTimes), so the web
 * page, the bot and the API agree on what "free" means.
 */
import { startTimesOfAny } from '@core/any-master.js';
import { visitStartTimes, type VisitItem } from '@core/visit-times.js';
import { START_STEP, type StartTimeOptions } from '@core/start-times.js';
import { ApiError, NETWORK_ERROR } from '@shared/api';
import type { Client } from '@shared/client';
import { wallNow } from '@shared/wall-clock';
import { termsWith } from './terms';
import type { ErrorCode } from '@core/errors.js';
import { addDays } from '@core/wallclock.js';
import { notBeforeNow } from '@core/booking-window.js';
import { ANY } from './masters';
import { anyMasterQuote, visitQuote, type Quote } from './quote';
import type { Days, Master, MasterChoice, Service, Slots } from './types';

export const DAYS_AHEAD = 30;

export function nextDays(today: string, count = DAYS_AHEAD): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Start times by part of the day: before 12:00, 12:00-16:59, from 17:00; empty parts left out. */
export function byDayPart(times: readonly string[]): [DayPart, string[]][] {
  const parts: Record<DayPart, string[]> = { morning: [], afternoon: [], evening: [] };
  for (const time of times) parts[time < '12:00' ? 'morning' : time < '17:00' ? 'afternoon' : 'evening'].push(time);
  return (Object.entries(parts) as [DayPart, string[]][]).filter(([, list]) => list.length > 0);
}

/** One service of a visit as the page holds it (CONTRACT.md §20): its master choice and the masters who do it. */
export interface VisitPart {
  service: Service;
  master: MasterChoice;
  eligible: readonly Master[];
}

export class SlotSource {
  private readonly cache = new Map<string, Promise<Slots>>();

  constructor(
    private readonly api: Client,
    private readonly slug: string,
    private readonly timeZone: string,
  ) {}

  /** One day's answer, master or aggregate (null), fetched once. */
  slots(date: string, masterId: number | null): Promise<Slots> {
    const key = `${masterId ?? '*'}|${date}`;
    let answer = this.cache.get(key);
    if (!answer) {
      answer = this.api.get('/public/{slug}/slots', { path: { slug: this.slug }, query: { date, master_id: masterId ?? undefined } });
      answer.catch(() => this.cache.delete(key));
      this.cache.set(key, answer);
    }
    return answer;
  }

  private readonly strips = new Map<string, Promise<Days>>();

  /**
   * The date strip in one request (GET /days): per date, free time or not, day off or not, for the
   * service with that master or any of its masters, computed by the server from the same rules.
   */
  days(from: string, to: string, service: Service, master: MasterChoice): Promise<Days> {
    const masterId = master === ANY ? null : master.id;
    const key = `${service.id}|${masterId ?? '*'}|${from}|${to}`;
    let answer = this.strips.get(key);
    if (!answer) {
      answer = this.api.get('/public/{slug}/days', {
        path: { slug: this.slug },
        query: { service_id: service.id, master_id: masterId ?? undefined, from, to },
      });
      answer.catch(() => this.strips.delete(key));
      this.strips.set(key, answer);
    }
    return answer;
  }

  /** The date strip of a visit (CONTRACT.md §20): GET /days with `service_ids`, "any master" per item. */
  visitDays(from: string, to: string, services: readonly Service[]): Promise<Days> {
    const ids = services.map((service) => service.id).join(',');
    const key = `visit:${ids}|${from}|${to}`;
    let answer = this.strips.get(key);
    if (!answer) {
      answer = this.api.get('/public/{slug}/days', { path: { slug: this.slug }, query: { service_ids: ids, from, to } });
      answer.catch(() => this.strips.delete(key));
      this.strips.set(key, answer);
    }
    return answer;
  }

  forget(): void {
    this.cache.clear();
    this.strips.clear();
  }

  /** Nothing before now today (null: a past day, nothing at all); the service's buffer after each time (CONTRACT.md §17). */
  private optionsOn(date: string, service: Service): Omit<StartTimeOptions, 'step'> | null {
    const notBefore = this.notBeforeOn(date);
    return notBefore === null ? null : { notBefore, bufferAfter: service.buffer_after };
  }

  /** Each master's day as /slots answers it, with their own price and duration of the service. */
  private windows(date: string, service: Service, masters: readonly Master[]) {
    return Promise.all(masters.map(async (m) => ({ id: m.id, ...termsWith(service, m), answer: await this.slots(date, m.id) })));
  }

  /**
   * Start times of a day (core/any-master.ts startTimesOfAny, the server's own rule): a master's own, or for
   * "any master" the union over the eligible masters, each with their own duration, so every time offered
   * belongs to one master who is free for the whole of it.
   */
  async dayTimes(date: string, service: Service, master: MasterChoice, eligible: readonly Master[]): Promise<string[]> {
    const options = this.optionsOn(date, service);
    if (!options) return [];
    const windows =
      master !== ANY
        ? await this.windows(date, service, [master])
        : eligible.length > 0
          ? await this.windows(date, service, eligible)
          : [{ duration: service.duration, answer: await this.slots(date, null) }];
    return startTimesOfAny(windows, { ...options, step: START_STEP });
  }

  /** A visit's items as core/visit-times.ts reads them: each candidate's day as /slots answers it, with their own terms. */
  private visitItems(date: string, parts: readonly VisitPart[]): Promise<VisitItem[]> {
    return Promise.all(
      parts.map(async ({ service, master, eligible }) => {
        const windows = await this.windows(date, service, master === ANY ? eligible : [master]);
        const candidates = windows.map(({ id, price, duration, answer }) => ({ id, price, dayBookings: 0, window: { answer, duration } }));
        return { bufferAfter: service.buffer_after, candidates };
      }),
    );
  }

  /** Nothing before now today; null for a past day. */
  private notBeforeOn(date: string): number | null {
    const now = wallNow(this.timeZone);
    return date < now.date ? null : notBeforeNow(now.at, date);
  }

  /** A visit's start times of a day (CONTRACT.md §20): core/visit-times.ts visitStartTimes, the server's own rule. */
  async visitTimes(date: string, parts: readonly VisitPart[]): Promise<string[]> {
    const notBefore = this.notBeforeOn(date);
    if (notBefore === null) return [];
    return visitStartTimes(await this.visitItems(date, parts), { notBefore, step: START_STEP });
  }

  /** A visit at a time: each item's master, time and price and the total sent as `max_price` (quote.ts visitQuote). */
  async visitQuote(date: string, time: string, parts: readonly VisitPart[]): Promise<Quote | null> {
    const notBefore = this.notBeforeOn(date);
    if (notBefore === null) return null;
    return visitQuote(await this.visitItems(date, parts), time, notBefore);
  }

  /**
   * The master and the price shown before «Записаться» and sent as `max_price` (CONTRACT.md §19): a chosen
   * master's own price; "any master": the one the server's rule would choose now (quote.ts), null when
   * nobody is free at that time any more.
   */
  async quote(date: string, time: string, service: Service, master: MasterChoice, eligible: readonly Master[]): Promise<Quote | null> {
    if (master !== ANY) return { masterId: master.id, price: termsWith(service, master).price };
    const options = this.optionsOn(date, service);
    if (!options || eligible.length === 0) return null;
    return anyMasterQuote(await this.windows(date, service, eligible), time, options);
  }
}

export type ErrorKey =
  | 'errNetwork'
  | 'errCaptcha'
  | 'errNoMasters'
  | 'errPhone'
  | 'errNotFound'
  | 'errTaken'
  | 'errPrice'
  | 'errMasterService'
  | 'errTooMany'
  | 'errServer'
  | 'errInput';

const KEY_OF_CODE: Partial<Record<ErrorCode, ErrorKey>> = {
  captcha_failed: 'errCaptcha',
  captcha_unavailable: 'errCaptcha',
  no_masters_available: 'errNoMasters',
  not_found: 'errNotFound',
  route_not_found: 'errNotFound',
  slot_taken: 'errTaken',
  price_changed: 'errPrice',
  // the master no longer does the service (changed meanwhile): choosing again helps
  master_not_for_service: 'errMasterService',
  // a master or service removed meanwhile, or a retry that changed: choosing again helps as with a taken time
  conflict: 'errTaken',
  idempotency_key_reused: 'errTaken',
  rate_limited: 'errTooMany',
};

/** Invalid fields the page has its own words for. */
const KEY_OF_FIELD: Partial<Record<string, ErrorKey>> = { phone: 'errPhone', captcha_token: 'errCaptcha' };

/** An API error in plain words (the key of the message to show). */
export function errorKey(error: unknown): ErrorKey {
  if (!(error instanceof ApiError)) return 'errServer';
  if (error.status === NETWORK_ERROR) return 'errNetwork';
  const byCode = error.code && KEY_OF_CODE[error.code];
  if (byCode) return byCode;
  const byField = error.code === 'invalid_input' ? error.errors.map((e) => KEY_OF_FIELD[e.field]).find(Boolean) : undefined;
  if (byField) return byField;
  // an answer without a code (a proxy's error page) tells only its status
  return error.status >= 500 ? 'errServer' : 'errInput';
}
