/** The rule of what ends what (CONTRACT.md §11 fourth pass): remedyEnds and the check stamped credentials pass on use. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  credentialGenerations,
  credentials,
  remedies,
  remedyEnds,
  remedyRaises,
  stillCurrent,
  type Credential,
} from '../../src/modules/identity/credential-generations.js';

const counted = ['account', 'telegram', 'master'] as const;
const stamp = fc.record({ account: fc.nat(), telegram: fc.nat(), master: fc.nat() });

describe('remedyEnds', () => {
  it('a remedy ends a credential exactly when it raises one of its generations', () => {
    for (const remedy of remedies) {
      for (const credential of credentials) {
        const shared = credentialGenerations[credential].some((g) => (remedyRaises[remedy] as readonly string[]).includes(g));
        expect(remedyEnds(remedy, credential), `${remedy} × ${credential}`).toBe(shared);
      }
    }
  });

  it('the lockdown ends every credential; no remedy ends nothing', () => {
    expect(credentials.every((credential) => remedyEnds('superadmin_lockdown', credential))).toBe(true);
    for (const remedy of remedies)
      expect(
        credentials.some((credential) => remedyEnds(remedy, credential)),
        remedy,
      ).toBe(true);
  });
});

describe('stillCurrent', () => {
  it('a credential used in the generations it was issued in is current', () => {
    fc.assert(fc.property(fc.constantFrom(...credentials), stamp, (credential, issued) => stillCurrent(credential, issued, issued)));
  });

  it('raising a generation ends exactly the credentials bound to it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...credentials),
        stamp,
        fc.constantFrom(...counted),
        fc.integer({ min: 1, max: 1000 }),
        (credential, issued, raised, by) => {
          const current = { ...issued, [raised]: issued[raised] + by };
          const bound = (credentialGenerations[credential as Credential] as readonly string[]).includes(raised);
          return stillCurrent(credential, issued, current) === !bound;
        },
      ),
    );
  });
});
