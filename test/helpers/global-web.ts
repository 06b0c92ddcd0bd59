import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests need the built pages and Debian's chromium. A missing
 * browser fails the run loudly: the web project is never skipped in silence.
 */
export default function setup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need chromium at ${CHROMIUM} (apt-get install -y chromium; never a downloaded browser)`);
  }
  // WEB_SKIP_BUILD=1: use web/dist as it is (while another page's sources are mid-edit).
  if (process.env.WEB_SKIP_BUILD === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });
}
