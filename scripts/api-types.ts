/** openapi-typescript over an OpenAPI document: the panels' API types (`npm run gen:api`, and the test that they are current). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';

export const API_TYPES_FILE = join(projectRoot, 'web/src/shared/api-types.ts');

export function writeApiTypes(document: unknown, output: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  try {
    const input = join(dir, 'openapi.json');
    writeFileSync(input, JSON.stringify(document, null, 2));
    // --array-length: an array of exactly two items (a busy interval [start, end]) becomes a [T, T] tuple.
    const cli = join(projectRoot, 'node_modules/openapi-typescript/bin/cli.js');
    execFileSync(process.execPath, [cli, input, '--array-length', '-o', output], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
