/**
 * Lints the server's OpenAPI document with Redocly (rules in redocly.yaml) so that clients can be
 * generated from it; exits non-zero on any error. `npm run lint:openapi`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { openapiDocument } from './openapi-document.js';

const dir = mkdtempSync(join(tmpdir(), 'lint-openapi-'));
let status: number;
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await openapiDocument(), null, 2));
  const cli = join(projectRoot, 'node_modules/@redocly/cli/bin/cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', file, '--config', join(projectRoot, 'redocly.yaml')], { stdio: 'inherit' });
  status = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
