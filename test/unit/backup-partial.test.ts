/** Red team, third pass: `npm run backup -- FILE` never reuses a FILE.partial that is already there (its mode, or a symlink's target). */
import { chmodSync, existsSync, lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/db/backup/cli.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'backup-partial-'));
  vi.stubEnv('DATA_DIR', join(dir, 'data'));
  vi.stubEnv('DATABASE_URL', '');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('backup and an existing FILE.partial', () => {
  it('a leftover FILE.partial (world-readable) is refused and left as it was; FILE is not written', async () => {
    const file = join(dir, 'b.ndjson.gz');
    writeFileSync(`${file}.partial`, 'left over');
    chmodSync(`${file}.partial`, 0o644);
    expect(await main(['backup', file])).toBe(1);
    expect(vi.mocked(console.error).mock.calls.flat().join(' ')).toMatch(/already exists/);
    expect(readFileSync(`${file}.partial`, 'utf8')).toBe('left over');
    expect(statSync(`${file}.partial`).mode & 0o777).toBe(0o644);
    expect(existsSync(file)).toBe(false);
  });

  it('a FILE.partial that is a symlink is refused; its target is not touched', async () => {
    const file = join(dir, 'b.ndjson.gz');
    const target = join(dir, 'elsewhere.txt');
    writeFileSync(target, 'not yours');
    symlinkSync(target, `${file}.partial`);
    expect(await main(['backup', file])).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('not yours');
    expect(lstatSync(`${file}.partial`).isSymbolicLink()).toBe(true);
    const dangling = join(dir, 'c.ndjson.gz');
    symlinkSync(join(dir, 'nothing-here'), `${dangling}.partial`);
    expect(await main(['backup', dangling])).toBe(1);
    expect(existsSync(join(dir, 'nothing-here'))).toBe(false);
  });
});
