/** test/helpers/global-pglite.ts: the cached snapshot is named by the migrations, so a changed or added migration makes a new one. */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/paths.js';
import { snapshotKey } from '../helpers/global-pglite.js';

const copy = mkdtempSync(join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the PGlite snapshot key', () => {
  it('is the same for the same migrations, and changes when one changes or is added', () => {
    cpSync(migrationsFolder, copy, { recursive: true });
    const key = snapshotKey(copy);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(snapshotKey(copy)).toBe(key);
    expect(snapshotKey(migrationsFolder)).toBe(key);
    writeFileSync(join(copy, '0000_init.sql'), '-- changed\n', { flag: 'a' });
    const changed = snapshotKey(copy);
    expect(changed).not.toBe(key);
    writeFileSync(join(copy, 'meta', 'extra.json'), '{}');
    expect(snapshotKey(copy)).not.toBe(changed);
  });
});
