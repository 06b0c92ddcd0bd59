/**
 * Where the tests' tools beyond npm live on this machine: a Chromium for the
 * browser tests and HAProxy for the cluster test. Used by `npm test`'s pretest
 * (which may install them) and by the tests themselves (which only look).
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type Tool = 'chromium' | 'haproxy';

interface ToolSpec {
  /** The environment variable that names the binary; set, it is the user's choice and nothing is installed. */
  env: string;
  /** Names looked up on PATH, in order. */
  names: string[];
  /** Absolute paths tried after PATH (macOS app bundles, sbin). */
  paths: string[];
  /** Debian's package that provides it. */
  aptPackage: string;
}

const SPECS: Record<Tool, ToolSpec> = {
  // Debian's headless shell first: the same Chromium without the browser's windowing layers; the browser
  // files took 81 s of wall and 74 s of CPU in the full chromium, 48 s and 50 s in it (decision 0083).
  chromium: {
    env: 'CHROMIUM_PATH',
    names: ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
    paths: [
      '/usr/bin/chromium-headless-shell',
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/snap/bin/chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
    ],
    aptPackage: 'chromium-headless-shell',
  },
  haproxy: { env: 'HAPROXY_PATH', names: ['haproxy'], paths: ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'], aptPackage: 'haproxy' },
};

export interface Found {
  /** The binary to run, when there is one. */
  path?: string;
  /** True when the environment variable chose it (found or not). */
  chosen: boolean;
  /** What to tell a person when it is missing. */
  hint: string;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export function findTool(tool: Tool): Found {
  const spec = SPECS[tool];
  const hint = `apt-get install -y ${spec.aptPackage} (or set ${spec.env} to its binary)`;
  const chosen = process.env[spec.env];
  if (chosen) return { path: existsSync(chosen) ? chosen : undefined, chosen: true, hint: `${spec.env}=${chosen} does not exist: ${hint}` };
  const path = spec.names.map(onPath).find(Boolean) ?? spec.paths.find(executable);
  return { path, chosen: false, hint: `no ${tool} found: ${hint}` };
}

/** Root with apt-get: the machine lets the tests install Debian's package themselves. */
function canApt(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && onPath('apt-get') !== undefined;
}

/**
 * Finds the tool, or installs Debian's package when none is there, nothing
 * chose one, and the machine allows it. Returns the path, or undefined with
 * the reason already printed.
 */
export function ensureTool(tool: Tool, log: (line: string) => void): string | undefined {
  const found = findTool(tool);
  if (found.path || found.chosen || !canApt()) {
    if (!found.path) log(`!! ${found.hint}`);
    return found.path;
  }
  const pkg = SPECS[tool].aptPackage;
  log(`Installing Debian's ${pkg} for the tests (apt-get install -y ${pkg}; about a minute)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet: SpawnSyncOptionsWithStringEncoding = { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' };
  const update = spawnSync('apt-get', ['update', '-qq'], quiet);
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', pkg], quiet) : update;
  const path = findTool(tool).path;
  if (!path) log(`!! Could not install ${pkg} (${(install.stderr ?? '').trim().split('\n').pop() ?? 'apt-get failed'}): ${found.hint}`);
  return path;
}
