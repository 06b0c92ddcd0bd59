/** CONTRACT.md §19 "A master does what they do": who may be named for a booking of a service. */
import { DomainError } from '../../core/errors.js';

export const MASTER_NOT_FOR_SERVICE = 'This master does not do this service';

/**
 * A service with masters linked to it is booked (publicly, by the owner, or moved) only with one of them;
 * a service nobody is linked to keeps SPEC.md's "any master of the business".
 */
export function assertMasterDoesService(linkedMasterIds: readonly number[], masterId: number): void {
  if (linkedMasterIds.length > 0 && !linkedMasterIds.includes(masterId))
    throw new DomainError('master_not_for_service', MASTER_NOT_FOR_SERVICE);
}
