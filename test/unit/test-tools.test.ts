import { chmodSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureTool, findTool } from '../../scripts/test-tools.js';

const saved = { CHROMIUM_PATH: process.env.CHROMIUM_PATH, PATH: process.env.PATH };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** A folder on PATH with executables that record each call into calls.log. */
function fakeBin(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tools-'));
  for (const name of names) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho "${name} $*" >> "${dir}/calls.log"\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

describe('finding the tests’ browser', () => {
  it('takes a Chromium on PATH before the usual install folders', () => {
    const dir = fakeBin('chromium-browser');
    process.env.PATH = dir;
    delete process.env.CHROMIUM_PATH;
    expect(findTool('chromium').path).toBe(join(dir, 'chromium-browser'));
  });

  it('takes Debian’s headless shell before a full Chromium: the same engine, a third less CPU', () => {
    const dir = fakeBin('chromium', 'chromium-headless-shell');
    process.env.PATH = dir;
    delete process.env.CHROMIUM_PATH;
    expect(findTool('chromium').path).toBe(join(dir, 'chromium-headless-shell'));
  });

  it('a CHROMIUM_PATH that does not exist is the user’s choice: nothing is installed and the line names it', () => {
    const dir = fakeBin('apt-get', 'chromium');
    process.env.PATH = dir;
    process.env.CHROMIUM_PATH = join(dir, 'no-such-browser');
    const lines: string[] = [];
    expect(ensureTool('chromium', (line) => lines.push(line))).toBeUndefined();
    expect(lines).toEqual([expect.stringContaining(`CHROMIUM_PATH=${join(dir, 'no-such-browser')} does not exist`)]);
    expect(lines[0]).toContain('apt-get install -y chromium-headless-shell');
    expect(existsSync(join(dir, 'calls.log'))).toBe(false);
  });

  it('an existing CHROMIUM_PATH is used as it is', () => {
    const dir = fakeBin('my-chrome', 'apt-get');
    process.env.PATH = dir;
    process.env.CHROMIUM_PATH = join(dir, 'my-chrome');
    expect(ensureTool('chromium', () => {})).toBe(join(dir, 'my-chrome'));
    expect(existsSync(join(dir, 'calls.log'))).toBe(false);
  });
});
