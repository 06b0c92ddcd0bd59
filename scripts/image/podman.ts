/**
 * Podman as these machines run it (FIELD-NOTES "Containers"): as root, with
 * runc and cgroupfs, on the host's network; the `debian:trixie-slim` base made
 * from Debian's own archive with mmdebstrap when no registry can be reached.
 * Used by `npm run test:image` (scripts/test-image.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const BASE_IMAGE = 'docker.io/library/debian:trixie-slim';
const PACKAGES = ['podman', 'runc', 'mmdebstrap', 'uidmap'];
const BINARIES = ['podman', 'runc', 'mmdebstrap'];

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** A binary on PATH or in an sbin folder (runc lives in /usr/sbin, not on every user's PATH). */
function findBinary(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}

const missingBinaries = (): string[] => BINARIES.filter((name) => !findBinary(name));

/**
 * The tools, installed from Debian as `npm test` installs chromium (as root with
 * apt-get, one line saying so). Answers why not when they cannot be had.
 */
export function ensureContainerTools(log: (line: string) => void): string | undefined {
  if (missingBinaries().length === 0) return undefined;
  const hint = `apt-get install -y ${PACKAGES.join(' ')}`;
  const canApt = process.platform === 'linux' && process.getuid?.() === 0 && findBinary('apt-get') !== undefined;
  if (!canApt) return `no ${missingBinaries().join(', ')} here and no root apt-get to install them: ${hint}`;
  log(`Installing Debian's ${PACKAGES.join(', ')} for the image test (${hint}; about a minute)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' });
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' })
      : update;
  if (missingBinaries().length === 0) return undefined;
  return `could not install ${PACKAGES.join(', ')} (${(install.stderr ?? '').trim().split('\n').pop() ?? 'apt-get failed'}): ${hint}`;
}

/**
 * This run's containers.conf: no default ulimits (the machine's limits cannot be
 * raised inside a container here), runc and cgroupfs (cgroups here are hybrid).
 * Passed through CONTAINERS_CONF, so /etc stays as it is.
 */
function writeContainersConf(): string {
  const dir = mkdtempSync(join(tmpdir(), 'booking-podman-'));
  const file = join(dir, 'containers.conf');
  writeFileSync(file, '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n');
  return file;
}

let containersConf: string | undefined;

/** Removes this run's containers.conf (once every podman call is done). */
export function removeContainersConf(): void {
  if (containersConf) rmSync(dirname(containersConf), { recursive: true, force: true });
  containersConf = undefined;
}

/** Runs podman with this machine's settings; a run longer than `timeoutMs` is killed and answers code -1. */
export function podman(args: string[], timeoutMs = 120_000): Promise<Result> {
  containersConf ??= writeContainersConf();
  const [podmanBinary, runc] = [findBinary('podman') ?? 'podman', findBinary('runc') ?? 'runc'];
  const child = spawn(podmanBinary, ['--runtime', runc, '--cgroup-manager=cgroupfs', ...args], {
    env: { ...process.env, CONTAINERS_CONF: containersConf },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** Throws with podman's own last lines when it failed. */
export async function podmanOk(args: string[], timeoutMs?: number): Promise<string> {
  const result = await podman(args, timeoutMs);
  if (result.code !== 0)
    throw new Error(
      `podman ${args[0]} failed (${result.code}): ${(result.stderr || result.stdout).trim().split('\n').slice(-5).join(' | ')}`,
    );
  return result.stdout.trim();
}

/** Podman usable as these machines run it (as root: rootless podman cannot make the base here); else why not. */
export async function podmanProblem(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return 'podman runs as root here (rootless podman and mmdebstrap need subordinate ids): run it with sudo';
  const info = await podman(['info', '--format', '{{.Host.OCIRuntime.Name}}'], 60_000);
  return info.code === 0 ? undefined : `podman does not run here: ${info.stderr.trim().split('\n').pop()}`;
}

/**
 * The Dockerfile's base: Debian's trixie-slim from a registry where there is one;
 * here made from Debian's archive (the same packages) and imported under its name.
 */
export async function ensureBaseImage(log: (line: string) => void): Promise<void> {
  if ((await podman(['image', 'exists', BASE_IMAGE])).code === 0) return;
  log(`Making the base image ${BASE_IMAGE} from Debian's archive (mmdebstrap --variant=minbase trixie; about 2 minutes)…`);
  const dir = mkdtempSync(join(tmpdir(), 'booking-base-'));
  try {
    const tar = join(dir, 'base.tar');
    const made = spawnSync(
      findBinary('mmdebstrap') ?? 'mmdebstrap',
      ['--quiet', '--variant=minbase', '--include=ca-certificates', 'trixie', tar],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
        timeout: 15 * 60_000,
      },
    );
    if (made.status !== 0) throw new Error(`mmdebstrap failed: ${(made.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`);
    await podmanOk(['import', tar, BASE_IMAGE], 5 * 60_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
