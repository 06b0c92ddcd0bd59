/** The server's own OpenAPI document, built in-process on a throwaway PGlite directory (gen:api, lint:openapi). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export async function openapiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gen-api-'));
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_USERNAME: 'booking_bot' }),
    logger: false,
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
