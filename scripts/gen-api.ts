/**
 * Generates web/src/shared/api-types.ts from the server's own OpenAPI document:
 * builds the app in-process on a throwaway PGlite directory, writes
 * openapi.json next to it and runs openapi-typescript. `npm run gen:api`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { projectRoot } from '../src/paths.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gen-api-'));
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_USERNAME: 'booking_bot' }), logger: false });
try {
  await app.ready();
  const document = join(dataDir, 'openapi.json');
  writeFileSync(document, JSON.stringify(app.swagger(), null, 2));
  const output = join(projectRoot, 'web/src/shared/api-types.ts');
  execFileSync(process.execPath, [join(projectRoot, 'node_modules/openapi-typescript/bin/cli.js'), document, '-o', output], { stdio: 'inherit' });
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
