/**
 * A service's price and duration with a master (CONTRACT.md §17), as the booking page and the mini
 * app show them. Relative imports only: the unit tests load it without the web build's aliases.
 */
import { formatDuration, formatPrice, type Lang } from '../shared/i18n.js';
import { ANY } from './masters.js';

/** The parts of a public service and master these read (types.ts's shapes, named here so no alias is needed). */
interface Service {
  id: number;
  price: number;
  duration: number;
  price_min: number;
  price_max: number;
  duration_min: number;
  duration_max: number;
}
interface Master {
  services: ReadonlyArray<{ id: number; price: number; duration: number }>;
}
/** A chosen master, or "any master". */
type MasterChoice = Master | typeof ANY;

/** A service with a master: that master's own price and duration (CONTRACT.md §17), else the service's. */
export function termsWith(service: Service, master: Master): { price: number; duration: number } {
  const own = master.services.find((item) => item.id === service.id);
  return own ? { price: own.price, duration: own.duration } : { price: service.price, duration: service.duration };
}

/** "5 000 ₸", or "5 000 – 7 000 ₸". */
function priceRangeText(min: number, max: number): string {
  if (min === max) return formatPrice(min);
  return `${formatPrice(min).replace(/\u00a0₸$/, '')} – ${formatPrice(max)}`;
}

/** The service's price: that master's own, or the range over its masters until one is chosen. */
export function priceRange(service: Service, master?: MasterChoice): [number, number] {
  if (master !== undefined && master !== ANY) {
    const { price } = termsWith(service, master);
    return [price, price];
  }
  return [service.price_min, service.price_max];
}

/** "5 000 – 7 000 ₸" over the service's masters until one is chosen, then that master's price. */
export function priceText(service: Service, master?: MasterChoice): string {
  return priceRangeText(...priceRange(service, master));
}

/** The service's duration as minutes: one value, or the range over its masters until one is chosen. */
export function durationRange(service: Service, master?: MasterChoice): [number, number] {
  if (master !== undefined && master !== ANY) {
    const { duration } = termsWith(service, master);
    return [duration, duration];
  }
  return [service.duration_min, service.duration_max];
}

const durationRangeText = ([min, max]: [number, number], lang: Lang): string =>
  min === max ? formatDuration(min, lang) : `${formatDuration(min, lang)} – ${formatDuration(max, lang)}`;

/** "45 мин" or, over masters with their own durations, "45 мин – 1 ч". */
export function durationText(service: Service, lang: Lang, master?: MasterChoice): string {
  return durationRangeText(durationRange(service, master), lang);
}

/**
 * A visit's total (CONTRACT.md §20) before a time is chosen: "1 ч 10 мин · 7 000 ₸", each part a range
 * when "any master" items' masters differ in price or duration.
 */
export function visitTotalText(parts: readonly { service: Service; master: MasterChoice }[], lang: Lang): string {
  const sum = (range: (part: { service: Service; master: MasterChoice }) => [number, number]): [number, number] =>
    parts.reduce<[number, number]>(
      ([min, max], part) => {
        const [low, high] = range(part);
        return [min + low, max + high];
      },
      [0, 0],
    );
  const duration = sum(({ service, master }) => durationRange(service, master));
  const price = sum(({ service, master }) => priceRange(service, master));
  return `${durationRangeText(duration, lang)} · ${priceRangeText(...price)}`;
}

/** A visit's exact total once its time is chosen: its length and price. */
export const visitExactText = (minutes: number, price: number, lang: Lang): string =>
  `${formatDuration(minutes, lang)} · ${formatPrice(price)}`;

/** Some master has an own price or duration for the service: the master step then shows each one's. */
export const hasOwnTerms = (service: Service): boolean =>
  service.price_min !== service.price_max || service.duration_min !== service.duration_max;
