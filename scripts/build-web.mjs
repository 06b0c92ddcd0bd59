// Builds web/dist with Vite when it is missing or older than its sources (npm start runs this).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'web/dist/.build-stamp');
// The web build also bundles these server modules (one copy of the rule): a change to them rebuilds it.
const sources = ['web', 'vite.config.ts', 'src/modules/availability/start-times.ts', 'src/time/wallclock.ts', 'src/modules/bookings/phone.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'dist' && name !== 'node_modules')
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

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
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

const sourceTime = Math.max(...sources.map((source) => newest(join(root, source))));
if (existsSync(stamp) && statSync(stamp).mtimeMs >= sourceTime && process.argv[2] !== '--force') {
  console.log('web build is up to date');
} else {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  precompress(join(root, 'web/dist/assets'));
  writeFileSync(stamp, new Date().toISOString());
}
