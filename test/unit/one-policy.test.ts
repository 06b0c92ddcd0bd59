/**
 * One policy (issue #50, docs/decisions/0084-one-policy.md): who may act is decided by the table in
 * src/modules/identity/policy.ts and checked by the one hook in identity/guards.ts. A second definition
 * that can be recognised in the source (a per-plugin guard hook, a route's own principal check in its
 * handler, a re-reading of masters_can_decide or of a token's kind) fails here. Row scoping stays in the
 * handlers: a master's own id compared with the row's (masterScope) is data, not policy.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** The policy's own files: the table, the hook, and the token parser that reads a token's kind. */
const HOMES = new Set(['src/modules/identity/policy.ts', 'src/modules/identity/guards.ts', 'src/modules/identity/tokens.ts']);

const COPIES: { name: string; copy: RegExp; samples: string[] }[] = [
  {
    name: 'a guard hook of its own',
    copy: /(?:\baddHook\(\s*'(?:onRequest|preHandler|preValidation)',|\b(?:onRequest|preHandler):)\s*(?:require(?:Provider|Session|PasswordSession|SuperAdmin|AdminOf)|refuse\w*Session)\b/,
    samples: [
      "  app.addHook('onRequest', requireProvider);",
      "    scope.addHook('onRequest', requireSuperAdmin);",
      '      onRequest: requirePasswordSession,',
      '      onRequest: refuseTelegramSession,',
    ],
  },
  { name: 'a master access declaration', copy: /\bmasterMay\(|\bmasterAccess\b/, samples: ["      config: masterMay('read'),"] },
  {
    name: 'a handler refusing a kind of caller',
    copy: /\bif \((?:[^()]*&&\s*)?request\.(?:master|claims|provider\.via)\b[^()]*\)\s*throw\b/,
    samples: [
      '        if (request.master) throw forbidden(MASTER_FORBIDDEN);',
      '      if (moves && request.master) throw forbidden(MASTER_FORBIDDEN);',
      "  if (request.provider.via === 'telegram') throw new DomainError('password_session_required', PASSWORD_SESSION_REQUIRED);",
    ],
  },
  {
    name: "a token's kind or origin read for access",
    copy: /\bclaims\??\.(?:kind|role)\s*[!=]==|\bprovider\.via\s*[!=]==/,
    samples: [
      "  if (claims.kind === 'superadmin') return;",
      "  if (claims.kind !== 'user' || claims.role !== 'ADMIN' || claims.businessId === null)",
    ],
  },
  {
    name: 'masters_can_decide read for access',
    copy: /\bmastersCanDecide\s*(?:\?|&&|\|\|)|!\s*\w+\.mastersCanDecide\b/,
    samples: [
      '    return business.mastersCanDecide ? { booking, business, byMaster: true } : refuse(NO_ACCESS);',
      "  if (access === 'decide' && !master.mastersCanDecide) throw forbidden(MASTERS_CANNOT_DECIDE);",
      '    const masterKeyboard = business.mastersCanDecide ? bookingDecisionKeyboard(booking.id) : undefined;',
    ],
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = sources(join(root, 'src')).map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') }));

describe('one policy', () => {
  it('reads the sources, the policy among them', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const home of HOMES) expect(files.some((file) => file.name === home)).toBe(true);
  });

  for (const { name, copy, samples } of COPIES) {
    it(`no ${name} outside the policy`, () => {
      const found = files
        .filter((file) => !HOMES.has(file.name))
        .flatMap((file) =>
          file.text
            .split('\n')
            .filter((line) => !/^\s*(?:\*|\/\/)/.test(line) && copy.test(line))
            .map((line) => `${file.name}: ${line.trim()}`),
        );
      expect(found).toEqual([]);
    });

    it(`the detector of ${name} recognises the old copies`, () => {
      for (const sample of samples) expect(copy.test(sample), sample).toBe(true);
    });
  }

  it('row scoping passes: a master kept to their own rows is data, not policy', () => {
    for (const line of [
      '      if (own !== undefined && own !== request.params.master_id) throw forbidden(MASTER_FORBIDDEN);',
      '  if (ownMaster !== undefined && query.master_id !== undefined && query.master_id !== ownMaster) throw forbidden(MASTER_FORBIDDEN);',
      "        if (moves) admitAlso(request, 'day.write');",
    ]) {
      expect(
        COPIES.some(({ copy }) => copy.test(line)),
        line,
      ).toBe(false);
    }
  });
});
