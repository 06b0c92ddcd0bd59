import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { findTool } from '../../scripts/test-tools.js';

const browser = findTool('chromium');

/** The browser the tests drive, when this machine has one (CHROMIUM_PATH, else the usual installs). */
export const CHROMIUM = browser.path;

/** Why the browser tests cannot run, naming the one command that fixes it. */
export const CHROMIUM_MISSING = `Browser tests could not start a browser: ${browser.hint}`;

/** How Chromium runs for the tests: headless, no sandbox (containers), nothing fetched on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser tests need the built pages and a Chromium. A missing browser
 * does not stop the run (unit and API tests still report): every browser test
 * fails with CHROMIUM_MISSING, and this says so once, loudly, up front.
 * One Chromium serves the whole run: each test file connects to it
 * (test/helpers/web.ts) and works in its own contexts, instead of starting
 * its own browser (~1-2 s each).
 */
export default async function setup(project: TestProject) {
  if (!CHROMIUM) console.error(`\n${'!'.repeat(78)}\n!! ${CHROMIUM_MISSING}\n${'!'.repeat(78)}\n`);
  // WEB_SKIP_BUILD=1: use web/dist as it is (while another page's sources are mid-edit).
  if (process.env.WEB_SKIP_BUILD !== '1') {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    execFileSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });
  }
  if (!CHROMIUM) return;
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint?: string;
  }
}
