/**
 * What `npm run test:image` checks without running the service (scripts/test-image.ts):
 * the built image itself, and the compose file's parts that can be checked here
 * (its PostgreSQL, Redis and HAProxy images cannot be pulled).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.js';
import { ensureTool } from '../test-tools.js';
import type { podman as runPodman } from './podman.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface Inspection {
  image: string;
  sizeLimitMb: number;
  podman: typeof runPodman;
  check: (name: string, ok: boolean, detail?: string) => void;
}

/** Names of settings that hold a secret: none may be baked into the image. */
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|KEY|DATABASE_URL|REDIS_URL/;
/** The runtime's /app: the built output and production dependencies, nothing else. */
const APP_ENTRIES = 'dist drizzle node_modules package.json scripts web';
const DEV_TOOLS = ['typescript', 'vite', 'vitest', 'eslint', 'drizzle-kit'];

export function imageChecks({ image, sizeLimitMb, podman, check }: Inspection): [string, () => Promise<void>][] {
  const inspect = async (format: string) => (await podman(['image', 'inspect', '--format', format, image])).stdout.trim();
  const inside = (script: string) => podman(['run', '--rm', '--network=none', '--entrypoint', 'sh', image, '-c', script]);
  return [
    [
      'The image',
      async () => {
        const megabytes = Number(await inspect('{{.Size}}')) / 1e6;
        check(`under ${sizeLimitMb} MB`, megabytes > 0 && megabytes < sizeLimitMb, `${megabytes.toFixed(0)} MB`);
        const user = await inspect('{{.Config.User}}');
        check('runs as a numeric non-root user', /^[1-9]\d*(:\d+)?$/.test(user), user);
        const env = JSON.parse((await inspect('{{json .Config.Env}}')) || '[]') as string[];
        const secrets = env.map((entry) => entry.split('=')[0]!).filter((name) => SECRET_NAME.test(name));
        check(
          'no secret in its environment',
          secrets.length === 0,
          secrets.join(', ') || env.map((entry) => entry.split('=')[0]).join(' '),
        );
        check(
          'declares DATA_DIR=/data as a volume',
          env.includes('DATA_DIR=/data') && (await inspect('{{json .Config.Volumes}}')).includes('/data'),
        );
        const npm = await inside('command -v npm || command -v curl');
        check('no npm (and no curl) in the runtime', npm.code !== 0 && npm.stdout.trim() === '', npm.stdout.trim());
        const listing = await inside(`ls /app | tr '\\n' ' '; echo; ls -A /data | wc -l; ls /app/node_modules`);
        const [app, dataFiles, ...modules] = listing.stdout.trim().split('\n');
        check('/app holds the build and production dependencies only', app!.trim() === APP_ENTRIES, app!.trim());
        check(
          'no dev dependency installed',
          !DEV_TOOLS.some((tool) => modules.includes(tool)),
          DEV_TOOLS.filter((t) => modules.includes(t)).join(' '),
        );
        check('/data is empty in the image (no generated secret baked in)', dataFiles!.trim() === '0', `${dataFiles} entries`);
      },
    ],
  ];
}

const variablesOf = (text: string, pattern: RegExp): Set<string> => new Set([...text.matchAll(pattern)].map((match) => match[1]!));

/** compose.yaml against .env.example, and its HAProxy config through `haproxy -c`. */
export function composeChecks(check: Inspection['check'], log: (line: string) => void): [string, () => Promise<void>][] {
  return [
    [
      'The compose file',
      async () => {
        const compose = readFileSync(join(projectRoot, 'compose.yaml'), 'utf8');
        const example = readFileSync(join(projectRoot, '.env.example'), 'utf8');
        const used = variablesOf(compose, /\$\{([A-Z_]+)[:}-]/g);
        const listed = variablesOf(example, /^([A-Z_]+)=/gm);
        const unlisted = [...used].filter((name) => !listed.has(name));
        const unused = [...listed].filter((name) => !used.has(name));
        check(
          'every variable compose.yaml reads is listed in .env.example',
          unlisted.length === 0,
          unlisted.join(', ') || `${used.size} variables`,
        );
        check('every variable of .env.example reaches compose.yaml', unused.length === 0, unused.join(', '));
        const haproxy = ensureTool('haproxy', log);
        if (!haproxy) throw new Error('no haproxy to check deploy/compose/haproxy.cfg');
        // The container's paths of the error pages, pointed at the repository's copies.
        const dir = mkdtempSync(join(tmpdir(), 'booking-compose-'));
        try {
          const config = readFileSync(join(projectRoot, 'deploy/compose/haproxy.cfg'), 'utf8').replaceAll(
            '/etc/haproxy/booking-errors/',
            `${join(projectRoot, 'deploy/haproxy/errors')}/`,
          );
          writeFileSync(join(dir, 'haproxy.cfg'), config);
          const result = spawnSync(haproxy, ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8' });
          check('its HAProxy config is valid (haproxy -c)', result.status === 0, (result.stderr || result.stdout).trim().split('\n').pop());
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    ],
  ];
}
