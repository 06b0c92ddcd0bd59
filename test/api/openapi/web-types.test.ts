/**
 * The panels' API types (web/src/shared/api-types.ts) are generated from this
 * server's OpenAPI document (`npm run gen:api`); a route changed without
 * regenerating them fails here, not in a browser.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, writeApiTypes } from '../../../scripts/api-types.js';
import { dbKind, useTestApp } from '../../helpers/app.js';

// The limits as `npm run gen:api` sees them (the defaults): a limited route documents its 429 and X-RateLimit-* headers.
const defaultLimits = {
  RATE_LIMIT_LOGIN: '10',
  RATE_LIMIT_REGISTER: '5',
  RATE_LIMIT_SUPERADMIN_LOGIN: '5',
  RATE_LIMIT_BOOKING: '20',
  RATE_LIMIT_LOCATION: '60',
};
const t = useTestApp({ env: { BOT_USERNAME: 'booking_bot', ...defaultLimits } });

// The document is the same on either engine (no route reads the database to describe itself), and
// openapi-typescript runs as a process of its own (~4 s of CPU): it is compared once, on PGlite.
describe.skipIf(dbKind() === 'postgres')('web/src/shared/api-types.ts', () => {
  it('matches what npm run gen:api makes of the current routes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
    try {
      const output = join(dir, 'api-types.ts');
      writeApiTypes(t.app.swagger(), output);
      expect(readFileSync(output, 'utf8'), 'run npm run gen:api and commit the result').toBe(readFileSync(API_TYPES_FILE, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
