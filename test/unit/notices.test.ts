/** core/notices.ts: the one rule of who hears about a change of a booking (SPEC.md Notifications, CONTRACT.md §12, §16, §20). */
import { describe, expect, it } from 'vitest';
import { hears, toldStatus, whoHears } from '../../src/core/notices.js';
import { notifiesClient } from '../../src/modules/bookings/status.js';

const STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'rejected'];

describe('whoHears', () => {
  it('a new booking or visit: the provider and the masters, not the client', () => {
    expect(whoHears({ kind: 'created' })).toEqual(['provider', 'masters']);
  });

  it('a status change: the client and the masters for confirmed, cancelled and completed; nobody for pending and rejected', () => {
    const heard = STATUSES.filter((status) => whoHears({ kind: 'status', status }).length > 0);
    expect(heard).toEqual(['confirmed', 'cancelled', 'completed']);
    for (const status of heard) expect(whoHears({ kind: 'status', status })).toEqual(['client', 'masters']);
    // The domain's notifiesClient is this rule, not a second list.
    for (const status of STATUSES) expect(notifiesClient(status)).toBe(hears('client', { kind: 'status', status }));
  });

  it('a move: only of a booking still to take place', () => {
    expect(STATUSES.filter((status) => hears('client', { kind: 'moved', status }))).toEqual(['pending', 'confirmed']);
    expect(whoHears({ kind: 'moved', status: 'cancelled' })).toEqual([]);
  });

  it('a proposal: the client; its answer: the provider and the masters', () => {
    expect(whoHears({ kind: 'proposed' })).toEqual(['client']);
    expect(whoHears({ kind: 'answered' })).toEqual(['provider', 'masters']);
  });

  it('toldStatus: the status whose text an audience gets, exactly when it hears of the change', () => {
    for (const status of STATUSES) {
      expect(toldStatus('client', status)).toBe(hears('client', { kind: 'status', status }) ? status : undefined);
      expect(toldStatus('masters', status)).toBe(hears('masters', { kind: 'status', status }) ? status : undefined);
      expect(toldStatus('provider', status)).toBeUndefined();
    }
  });
});
