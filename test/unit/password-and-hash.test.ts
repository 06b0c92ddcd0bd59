import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from '../../src/modules/identity/password.js';
import { loadConfig, PASSWORD_COST } from '../../src/config.js';
import { requestHash } from '../../src/modules/bookings/idempotency.js';

describe('scrypt passwords', () => {
  it('verifies the right password only; the hash carries its parameters and a random salt', async () => {
    const hash = await hashPassword('correct horse battery', PASSWORD_COST);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await hashPassword('correct horse battery', PASSWORD_COST)).not.toBe(hash);
  });

  it("the service hashes at production's cost whatever its environment says; a cheaper hash still verifies", async () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/none', PASSWORD_COST: '1' }).passwordCost).toEqual({
      N: 16384,
      r: 8,
      p: 1,
    });
    const cheap = await hashPassword('correct horse battery', { N: 1024, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
  });

  it('an empty or foreign hash never verifies (mini-app users have an empty one)', async () => {
    expect(await verifyPassword('', '')).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
    expect(await verifyPassword('anything', '$2b$10$abcdefghijklmnopqrstuv')).toBe(false);
  });

  it('generated passwords are 12 characters without look-alikes', () => {
    for (let i = 0; i < 50; i += 1) expect(generatePassword()).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);
  });
});

describe('requestHash (Idempotency-Key bodies)', () => {
  it('ignores key order at every level', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } })).toBe(requestHash({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }));
  });

  it('tells different values, array orders and null from a missing key', () => {
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
    expect(requestHash({ a: null })).not.toBe(requestHash({}));
  });

  it('property: a shuffled object hashes the same', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(requestHash(reversed)).toBe(requestHash(object));
      }),
    );
  });
});
