/**
 * Who can do a service (SPEC.md rule 4 of booking creation) and "any master", by the server's own rule
 * (core/any-master.ts), for the page's masters.
 */
import { anyMasterCandidates } from '@core/any-master.js';

/** "Any master": the client picks a free master itself when it books. */
export const ANY = 'any' as const;

/** What these read of a public master (types.ts's shape, named here so no alias is needed). */
export interface MasterRef {
  id: number;
  services: readonly { id: number }[];
}

/** Masters linked to the service; every master when none is linked. */
export function mastersFor<M extends MasterRef>(service: { id: number }, masters: readonly M[]): M[] {
  const linked = masters.filter((m) => m.services.some((s) => s.id === service.id)).map((m) => m.id);
  const candidates = new Set(
    anyMasterCandidates(
      masters.map((m) => m.id),
      linked,
    ),
  );
  return masters.filter((m) => candidates.has(m.id));
}
