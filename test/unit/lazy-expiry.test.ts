/** Lazy expiry of reschedule proposals (src/modules/bookings/reschedule/reschedule.service.ts hasLapsed): the rule its SQL twin applies to the rows. */
import { describe, expect, it } from 'vitest';
import { hasLapsed } from '../../src/modules/bookings/reschedule/reschedule.service.js';

const NOW = '2026-11-24T10:00:00';

describe('hasLapsed', () => {
  it('a PENDING proposal lapses once expires_at is before now, not at the same minute', () => {
    expect(hasLapsed({ status: 'PENDING', expiresAt: '2026-11-24T09:59:00' }, NOW)).toBe(true);
    expect(hasLapsed({ status: 'PENDING', expiresAt: NOW }, NOW)).toBe(false);
    expect(hasLapsed({ status: 'PENDING', expiresAt: '2026-11-25T10:00:00' }, NOW)).toBe(false);
  });

  it.each(['ACCEPTED', 'DECLINED', 'EXPIRED'] as const)('a %s proposal never lapses again', (status) => {
    expect(hasLapsed({ status, expiresAt: '2026-11-01T00:00:00' }, NOW)).toBe(false);
  });
});
