// Builds what `npm start` serves, each part only when it is missing or older than its sources:
// the server (tsc → dist/) and the web pages (Vite → web/dist/). `--force` rebuilds anyway.
// Usage: node scripts/build.mjs [server|web|all] [--force]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (path) => join(root, 'node_modules', path);

const parts = {
  server: {
    stamp: 'dist/.build-stamp',
    sources: ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    build: () => execFileSync(process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' }),
  },
  web: {
    stamp: 'web/dist/.build-stamp',
    // The pages bundle these server folders too (one copy of each rule): a change there rebuilds them.
    sources: ['web', 'vite.config.ts', 'src/core', 'package-lock.json'],
    build: () => {
      execFileSync(process.execPath, [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
      precompress(join(root, 'web/dist/assets'));
    },
  },
};

/**
 * Writes .br and .gz next to every text asset, at the highest levels (done once per build, not per
 * request); the server sends them by Accept-Encoding (@fastify/static preCompressed).
 */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json|html|txt|map)$/.test(name)) continue;
    const file = join(dir, name);
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'dist' && name !== 'node_modules')
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

export function buildIfStale(name, force = false) {
  const part = parts[name];
  const stamp = join(root, part.stamp);
  const sourceTime = Math.max(...part.sources.map((source) => newest(join(root, source))));
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= sourceTime) {
    console.log(`${name} build is up to date`);
    return;
  }
  part.build();
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const which = args.find((arg) => arg in parts || arg === 'all') ?? 'all';
  const force = args.includes('--force');
  for (const name of which === 'all' ? Object.keys(parts) : [which]) buildIfStale(name, force);
}
