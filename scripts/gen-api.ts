/**
 * Generates web/src/shared/api-types.ts from the server's own OpenAPI document:
 * builds the app in-process on a throwaway PGlite directory and runs
 * openapi-typescript over its document. `npm run gen:api`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { API_TYPES_FILE, writeApiTypes } from './api-types.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gen-api-'));
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_USERNAME: 'booking_bot' }), logger: false });
try {
  await app.ready();
  writeApiTypes(app.swagger(), API_TYPES_FILE);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
