/**
 * Links that choose for the client (CONTRACT.md §18): what a link's service,
 * master and date mean against the salon's catalog. An unknown, archived or
 * foreign id, or a past date, is no choice at all: the page opens as usual.
 */
import { addDays } from '@core/wallclock.js';
import type { PageChoice } from '@core/reach-links.js';
import { DAYS_AHEAD } from './data';
import { mastersFor } from './masters';
import type { Master, Service } from './types';

export interface LinkChosen {
  service: Service | null;
  master: Master | null;
  date: string | null;
}

/** The services a master does (a service linked to nobody is everybody's, as mastersFor says). */
export function servicesOf(master: Master, services: readonly Service[], masters: readonly Master[]): Service[] {
  return services.filter((service) => mastersFor(service, masters).some((m) => m.id === master.id));
}

/**
 * What the link chose that this salon has: its own active service and master (the public lists hold
 * only those), a master's link winning over a service that master does not do, and a date from today
 * within the days the page offers.
 */
export function chosenByLink(choice: PageChoice, services: readonly Service[], masters: readonly Master[], today: string): LinkChosen {
  const master = masters.find((m) => m.id === choice.masterId) ?? null;
  const offered = master ? servicesOf(master, services, masters) : services;
  const service = offered.find((s) => s.id === choice.serviceId) ?? null;
  const date = choice.date && choice.date >= today && choice.date < addDays(today, DAYS_AHEAD) ? choice.date : null;
  return { service, master, date };
}

/** Whether a link named anything at all (a plain /{slug} did not). */
export const hasChoice = (choice: PageChoice | undefined): choice is PageChoice =>
  choice !== undefined && (choice.serviceId !== undefined || choice.masterId !== undefined || choice.date !== undefined);
