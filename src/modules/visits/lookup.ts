/**
 * What a public visit reads before it writes, kept in the per-business cache as a single booking's lookup is
 * (bookings/lookup-cache.ts): the business by its slug, its items' services, every active master with their
 * link to each of those services, and the chats its notice goes to. These change seldom, and every write to
 * them forgets the business on every instance (src/live-caches.ts); a hit costs no query of its own. Kept
 * only when every service was found under the business's current slug: a wrong id is read every time,
 * and create.ts answers it 404.
 */
import type { Db } from '../../db/client.js';
import { readThrough, type BusinessCache } from '../../db/business-cache.js';
import { businessBySlugOr404, type BusinessRow } from '../catalog/business.queries.js';
import { listServices, type ServiceView } from '../catalog/services.queries.js';
import { mastersWithServices, type MasterOfService } from '../catalog/masters.queries.js';
import { linkedMasterChats, providerChats } from '../bookings/recipients.queries.js';
import type { KnownChats } from '../bookings/notifier.js';

/** The services of a visit's items with, per service, every active master (ascending) and their link to it. */
export interface VisitCatalog {
  services: ReadonlyMap<number, ServiceView>;
  mastersOf: ReadonlyMap<number, readonly MasterOfService[]>;
}

export interface VisitLookup extends VisitCatalog {
  business: BusinessRow;
  chats: KnownChats;
}

export type VisitLookupCache = BusinessCache<VisitLookup>;

/** The items' services that are the business's active ones, and their masters: two reads, whatever the number of items. */
export async function visitCatalog(db: Db, businessId: number, serviceIds: readonly number[]): Promise<VisitCatalog> {
  const ids = [...new Set(serviceIds)];
  const services = new Map((await listServices(db, businessId, ids)).map((service) => [service.id, service]));
  return { services, mastersOf: await mastersWithServices(db, businessId, ids) };
}

export function lookUpVisit(
  cache: VisitLookupCache | undefined,
  db: Db,
  slug: string,
  serviceIds: readonly number[],
): Promise<VisitLookup> {
  const key = `visit/${[...new Set(serviceIds)].sort((a, b) => a - b).join(',')}`;
  return readThrough(cache, slug, key, async () => {
    const business = await businessBySlugOr404(db, slug);
    const catalog = await visitCatalog(db, business.id, serviceIds);
    const chats = {
      providerChats: await providerChats(db, business.id),
      masterChats: await linkedMasterChats(db, business.id),
    };
    const found = { business, ...catalog, chats };
    const complete = serviceIds.every((id) => catalog.services.has(id));
    return complete && business.slug === slug ? { answer: found, keepFor: { businessId: business.id } } : { answer: found };
  });
}
