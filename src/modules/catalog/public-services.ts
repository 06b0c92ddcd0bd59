/** The public services: each with the range of its masters' own prices and durations (CONTRACT.md §17). */
import type { Db } from '../../db/client.js';
import { termsRange, type TermsRange } from '../../core/master-terms.js';
import { linkTermsOfBusiness } from './masters.queries.js';
import { listServices, type ServiceView } from './services.queries.js';

export type PublicServiceView = ServiceView & TermsRange;

export async function listPublicServices(db: Db, businessId: number): Promise<PublicServiceView[]> {
  const [services, links] = await Promise.all([listServices(db, businessId), linkTermsOfBusiness(db, businessId)]);
  return services.map((service) => ({ ...service, ...termsRange(service, links.get(service.id) ?? []) }));
}
