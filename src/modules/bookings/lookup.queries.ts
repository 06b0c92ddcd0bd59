/**
 * What a public booking reads before it writes, in one round trip instead of three: the
 * business by its current slug, the requested service (active, of that business, with its
 * category), the requested master (active, of that business) and the provider's active chats
 * the new-booking notice goes to. Absent parts are undefined, and the rules of create.ts answer
 * them as before (404 Service, 404 Master).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { businesses, masterServices, masters, serviceCategories, services } from '../../db/schema.js';
import type { TermsOverride } from '../../core/master-terms.js';
import type { BusinessRow } from '../catalog/business.queries.js';
import type { MasterOfService, MasterRow } from '../catalog/masters.queries.js';
import { activeMastersOf } from '../../db/active-masters.js';
import { serviceViewColumns, serviceViewOf, type ServiceView } from '../catalog/services.queries.js';
import { distinctChats, linkedMasterChatsSql, masterChatsOf, providerChatsSql } from './recipients.queries.js';

export interface BookingLookup {
  business: BusinessRow;
  service: ServiceView | undefined;
  /** Only when the request named a master; "any master" is picked by create.ts. */
  master: MasterRow | undefined;
  /** The named master's own price and duration for the service (CONTRACT.md §17); nulls when none. */
  override: TermsOverride;
  /** The active masters linked to the service (CONTRACT.md §19: a named master must be one of them, when any). */
  linkedMasterIds: number[];
  /** Without a master asked for: every active master, ascending, with their link to the service ("any master"'s candidates). */
  mastersOfService: MasterOfService[] | undefined;
  /** Active PROVIDER_BUSINESS chats, oldest first (recipients.queries.ts, as the notifier reads them). */
  providerChats: string[];
  /** Master id → linked chat of the business's masters (CONTRACT.md §16); a masters write forgets the cache. */
  masterChats: Map<number, string>;
}

const lookup = preparedPerDb((db) =>
  db
    .select({
      business: businesses,
      service: serviceViewColumns,
      master: masters,
      override: { price: masterServices.price, duration: masterServices.duration },
      linkedMasterIds: sql<number[]>`array(SELECT ms.master_id FROM ${masterServices} ms JOIN ${masters} m ON m.id = ms.master_id
        WHERE ms.service_id = ${services.id} AND NOT m.archived ORDER BY ms.master_id)`,
      // "Any master" (no master asked for): every active master with their link to the service and its terms.
      anyMasters: sql<[number, string, number | null, number | null, boolean][] | null>`CASE WHEN ${sql.placeholder('masterId')} = 0 THEN
        (SELECT coalesce(json_agg(json_build_array(${masters.id}, ${masters.name}, ms.price, ms.duration, ms.master_id IS NOT NULL)
          ORDER BY ${masters.id}), '[]'::json)
        FROM ${masters} LEFT JOIN ${masterServices} ms ON ms.master_id = ${masters.id} AND ms.service_id = ${services.id}
        WHERE ${activeMastersOf(businesses.id)}) END`,
      providerChats: providerChatsSql(businesses.id),
      masterChats: linkedMasterChatsSql(businesses.id),
    })
    .from(businesses)
    .leftJoin(
      services,
      and(eq(services.id, sql.placeholder('serviceId')), eq(services.businessId, businesses.id), eq(services.archived, false)),
    )
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .leftJoin(masters, and(eq(masters.id, sql.placeholder('masterId')), eq(masters.businessId, businesses.id), eq(masters.archived, false)))
    .leftJoin(masterServices, and(eq(masterServices.masterId, masters.id), eq(masterServices.serviceId, services.id)))
    .where(eq(businesses.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('booking_lookup'),
);

/** Undefined when the slug is not a current one (a former slug is resolved the slow way by the caller). */
export async function lookUpBooking(
  db: Db,
  slug: string,
  serviceId: number,
  masterId: number | null | undefined,
): Promise<BookingLookup | undefined> {
  // 0 matches no master: the join stays empty for "any master".
  const [row] = await lookup(db).execute({ slug, serviceId, masterId: masterId ?? 0 });
  if (!row) return undefined;
  return {
    business: row.business,
    // Two joined tables in one nested object: drizzle fills it with nulls instead of leaving it out.
    service: row.service?.id == null ? undefined : serviceViewOf(row.service as Parameters<typeof serviceViewOf>[0]),
    master: row.master ?? undefined,
    override: row.override ?? { price: null, duration: null },
    linkedMasterIds: row.linkedMasterIds.map(Number),
    mastersOfService: row.anyMasters?.map(([id, name, price, duration, linked]) => ({ id, name, linked, override: { price, duration } })),
    providerChats: distinctChats(row.providerChats),
    masterChats: masterChatsOf(row.masterChats),
  };
}
