/**
 * `npm run test:image`: builds the container image (the Dockerfile, with podman)
 * and proves it as an operator runs it: on PGlite with a volume (health,
 * a registration, a booking, kept over a restart and a new container), then two
 * containers on the machine's PostgreSQL and Redis (bookings through both, one
 * shared rate limit, SIGTERM answering what is in flight); always non-root on
 * a read-only root file system. Prints "N passed, N failed" last; exits 1 on a
 * failure. Where podman cannot be had it says so and skips (exit 0).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { composeChecks, imageChecks, type Check } from './image/checks.js';
import {
  BASE_IMAGE,
  ensureBaseImage,
  ensureContainerTools,
  podman,
  podmanOk,
  podmanProblem,
  removeContainersConf,
  type Result,
} from './image/podman.js';
import { redisAnswers, sleep, slowBooking, untilRefused } from './image/probes.js';
import { projectRoot } from '../src/paths.js';
import { createFreshDatabase } from '../test/helpers/fresh-database.js';
import { api, freePort, seedBusiness, workingDate, type SeededBusiness } from '../test/helpers/spawned-server.js';
import { bookingRequest, hhmm, weekdaysAhead } from '../bench/booking-client.js';

const IMAGE = 'localhost/booking-kz:test-image';
const SIZE_LIMIT_MB = 500;
const run = randomBytes(4).toString('hex');
const log = (line: string) => console.log(line);

const checks: Check[] = [];
function check(name: string, ok: boolean, detail = ''): void {
  checks.push({ name, ok, detail });
  log(`${ok ? '  ✓' : '  ✗'} ${name}${detail ? ` (${detail})` : ''}`);
}
/** A step that throws is one failed check: the steps after it still run. */
async function step(name: string, body: () => Promise<void>): Promise<void> {
  log(name);
  try {
    await body();
  } catch (error) {
    check(`${name}: ran to the end`, false, error instanceof Error ? error.message : String(error));
  }
}

const containers: string[] = [];
const volumes: string[] = [];

/** A container of the image on the host's network, root file system read-only (/tmp is podman's tmpfs). */
async function startContainer(name: string, port: number, env: Record<string, string>, volume?: string): Promise<string> {
  const envArgs = Object.entries({ PORT: String(port), HOST: '127.0.0.1', ...env }).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  const mount = volume ? ['-v', `${volume}:/data`] : [];
  await podmanOk(['run', '-d', '--name', name, '--network=host', '--read-only', ...mount, ...envArgs, IMAGE]);
  if (!containers.includes(name)) containers.push(name);
  await untilHealthy(name, port);
  return `http://127.0.0.1:${port}`;
}

async function untilHealthy(name: string, port: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    const running = await podman(['inspect', '--format', '{{.State.Running}}', name]);
    if (running.stdout.trim() !== 'true' || Date.now() > deadline) {
      const logs = await podman(['logs', '--tail', '20', name]);
      throw new Error(`${name} did not answer /healthz: ${(logs.stdout + logs.stderr).trim().slice(-1500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM (podman stop, 40 s before SIGKILL: more than SHUTDOWN_GRACE_MS), then the exit code. */
async function stopContainer(name: string): Promise<number> {
  await podmanOk(['stop', '-t', '40', name], 60_000);
  return Number(await podmanOk(['inspect', '--format', '{{.State.ExitCode}}', name]));
}

async function buildImage(): Promise<void> {
  await ensureBaseImage(log);
  const previous = (await podman(['image', 'inspect', '--format', '{{.Id}}', IMAGE])).stdout.trim();
  const started = Date.now();
  // --format docker: the OCI format has no HEALTHCHECK. The machine's extra CA (a TLS-intercepting proxy) goes to npm.
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;
  const caArgs =
    extraCa && existsSync(extraCa)
      ? ['--volume', `${extraCa}:/run/extra-ca.crt:ro`, '--build-arg', 'NODE_EXTRA_CA_CERTS=/run/extra-ca.crt']
      : [];
  const build = await podman(['build', '--format', 'docker', '--network=host', ...caArgs, '-t', IMAGE, projectRoot], 30 * 60_000);
  if (build.code !== 0) throw new Error(`podman build failed:\n${(build.stdout + build.stderr).trim().split('\n').slice(-30).join('\n')}`);
  check('the image builds from the Dockerfile', true, `${Math.round((Date.now() - started) / 1000)} s`);
  // The tag moved: the image it named is left untagged; remove it so repeated runs do not fill the disk.
  const current = (await podman(['image', 'inspect', '--format', '{{.Id}}', IMAGE])).stdout.trim();
  if (previous && previous !== current) await podman(['rmi', previous]);
}

async function main(): Promise<number> {
  const missing = ensureContainerTools(log) ?? (await podmanProblem());
  if (missing) {
    removeContainersConf();
    log(`!! test:image skipped: ${missing}`);
    log('0 passed, 0 failed, 1 skipped');
    return 0;
  }
  for (const [name, body] of composeChecks(check, log)) await step(name, body);
  let built = false;
  await step(`Building ${IMAGE} (base ${BASE_IMAGE})`, async () => {
    await buildImage();
    built = true;
  });
  if (built) {
    for (const [name, body] of imageChecks({ image: IMAGE, sizeLimitMb: SIZE_LIMIT_MB, podman, check })) await step(name, body);
    await step('On PGlite with a volume', onPglite);
    await step("On the machine's PostgreSQL and Redis, two containers", onPostgresAndRedis);
  }
  await cleanUp();
  const failed = checks.filter((c) => !c.ok).length;
  log(`${checks.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

async function onPglite(): Promise<void> {
  const volume = `booking-image-test-${run}`;
  await podmanOk(['volume', 'create', volume]);
  volumes.push(volume);
  const name = `booking-image-pglite-${run}`;
  const port = await freePort();
  const base = await startContainer(name, port, {}, volume);
  check('/healthz answers 200', (await fetch(`${base}/healthz`)).status === 200);
  const health = await podman(['healthcheck', 'run', name]);
  check("the image's HEALTHCHECK passes (node's fetch, no curl)", health.code === 0, health.stdout.trim() || health.stderr.trim());
  const ids = await podmanOk(['exec', name, 'sh', '-c', 'id -u; grep ^Uid: /proc/1/status']);
  check('the service runs as a non-root user', !/^0$/m.test(ids.split('\n')[0]!) && !/^Uid:\s+0\b/m.test(ids), ids.replace(/\s+/g, ' '));
  // As root inside: uid 10001 may not write there anyway, so only root's failure shows the file system is read-only.
  const write = await podman(['exec', '--user', '0', name, 'touch', '/etc/probe']);
  check(
    'the root file system is read-only (and the service still works)',
    write.code !== 0 && /read-only/i.test(write.stderr),
    write.stderr.trim(),
  );

  const business = await seedBusiness(base);
  check('a registration through the API', business.token.length > 0, `business ${business.businessId}`);
  const booking = await api(base, 'POST', `/public/${business.slug}/booking`, {
    ...bookingRequest(business, workingDate(), '10:00', 1, 1),
  });
  check('a booking through the API', booking.status === 201, `${booking.status}`);
  check('/metrics is off without METRICS_TOKEN', (await fetch(`${base}/metrics`)).status === 404);
  const page = await fetch(`${base}/${business.slug}`);
  check(
    "the built pages are served (the salon's booking page)",
    page.status === 200 && (page.headers.get('content-type') ?? '').includes('html'),
  );

  const backup = await podman(['exec', name, 'node', 'scripts/data.mjs', 'backup', '/data/check.backup']);
  const backupLine = lastLine(backup);
  check('a backup from inside the running container', backup.code === 0 && backupLine.startsWith('backup written'), backupLine);

  const kept = async (what: string) => {
    const read = await api(base, 'GET', `/bookings/${booking.data.id}`, undefined, business.token);
    check(
      `${what}: the booking is there, the old token still valid`,
      read.status === 200 && read.data.id === booking.data.id,
      `${read.status}`,
    );
  };
  await podmanOk(['restart', '-t', '40', name], 120_000);
  await untilHealthy(name, port);
  await kept('after podman restart');
  check('SIGTERM stops it with exit code 0', (await stopContainer(name)) === 0);
  await podmanOk(['rm', name]);
  await startContainer(name, port, {}, volume);
  await kept('a new container on the same volume (an upgrade)');

  const logs = await podman(['logs', name]);
  const lines = (logs.stdout + logs.stderr).trim().split('\n').filter(Boolean);
  const notJson = lines.filter((line) => {
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });
  check('logs are JSON lines on stdout', lines.length > 0 && notJson.length === 0, notJson[0] ?? `${lines.length} lines`);
  await restoreIntoNewVolume(volume, business, booking.data.id as string);
}

/** The command's own last line (podman's complaints about systemd go to stderr), else its error. */
const lastLine = (result: Result): string => (result.stdout.trim() || result.stderr.trim()).split('\n').pop() ?? '';

/** The backup restored into an empty volume by a container of its own; a service on it knows the booking and the token. */
async function restoreIntoNewVolume(volume: string, business: SeededBusiness, bookingId: string): Promise<void> {
  const restored = `booking-image-restored-${run}`;
  await podmanOk(['volume', 'create', restored]);
  volumes.push(restored);
  const mounts = ['-v', `${restored}:/data`, '-v', `${volume}:/in:ro`];
  const restore = await podman([
    'run',
    '--rm',
    '--network=none',
    '--read-only',
    ...mounts,
    IMAGE,
    'node',
    'scripts/data.mjs',
    'restore',
    '/in/check.backup',
  ]);
  const restoreLine = lastLine(restore);
  check('a restore into an empty volume', restore.code === 0 && restoreLine.startsWith('restored'), restoreLine);
  const base = await startContainer(`booking-image-restored-${run}`, await freePort(), {}, restored);
  const read = await api(base, 'GET', `/bookings/${bookingId}`, undefined, business.token);
  check('a service on the restored volume has the booking, the old token valid', read.status === 200, `${read.status}`);
}

async function onPostgresAndRedis(): Promise<void> {
  if (!(await redisAnswers())) throw new Error('Redis does not answer at 127.0.0.1:6379 (start it: redis-server; .ci/run does)');
  const database = await createFreshDatabase('booking_image');
  try {
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `booking-image-${run}:`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_BOOKING: '0',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Both at once on the empty database: the migrations take turns under the advisory lock.
    const [a, b] = await Promise.all([
      startContainer(`booking-image-pg-a-${run}`, portA, env),
      startContainer(`booking-image-pg-b-${run}`, portB, env),
    ]);
    const business = await seedBusiness(a);
    await seedBusiness(a);
    const third = await api(b, 'POST', '/auth/register', { email: `third${run}@example.kz` });
    check(
      'RATE_LIMIT_REGISTER=2 is shared through Redis: 2 registrations on A, the third on B is 429',
      third.status === 429,
      `${third.status}`,
    );

    const date = workingDate();
    const throughB = await api(b, 'POST', `/public/${business.slug}/booking`, bookingRequest(business, date, '09:00', 2, 1));
    check('a booking through container B for a business registered on A', throughB.status === 201, `${throughB.status}`);
    const readOnA = await api(a, 'GET', `/bookings/${throughB.data?.id}`, undefined, business.token);
    check("A reads B's booking with the token A issued (one database, one JWT_SECRET)", readOnA.status === 200, `${readOnA.status}`);

    await sigtermAnswersInFlight(`booking-image-pg-a-${run}`, portA, business, database.url);
  } finally {
    for (const name of containers.filter((c) => c.includes('-pg-'))) await podman(['rm', '-f', '-v', name]);
    await database.drop();
  }
}

const IN_FLIGHT = 8;

/**
 * Bookings begun before SIGTERM (headers read by the server) and finished only after it stopped
 * listening: every one is answered 201 and stored, and the process exits 0.
 */
async function sigtermAnswersInFlight(name: string, port: number, business: SeededBusiness, url: string): Promise<void> {
  const date = weekdaysAhead(6).find((day) => day !== workingDate())!;
  const path = `/api/v1/public/${business.slug}/booking`;
  const slow = Array.from({ length: IN_FLIGHT }, (_, i) =>
    slowBooking(port, path, bookingRequest(business, date, hhmm(9 * 60 + 30 * i), 3, i)),
  );
  await sleep(1000);
  await podmanOk(['kill', '--signal', 'TERM', name]);
  const stoppedListening = await untilRefused(port);
  for (const booking of slow) booking.finish();
  const answers = await Promise.all(slow.map((booking) => booking.answer));
  const exit = await podmanOk(['wait', name], 60_000);
  const created = answers.filter((answer) => answer.status === 201).length;
  const others = answers.filter((answer) => answer.status !== 201).map((answer) => answer.status || answer.error);
  check(
    `SIGTERM answers the requests in flight: ${IN_FLIGHT} bookings begun before it, finished after the port closed`,
    stoppedListening && created === IN_FLIGHT,
    others.length ? `other answers: ${others.join(', ')}` : `${created} × 201${stoppedListening ? '' : ', but the port never closed'}`,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ count: string }>('select count(*) from bookings where business_id = $1', [business.businessId]);
    // One more: the booking made through B earlier.
    check('every answered booking is stored, no other', Number(rows.rows[0]!.count) === created + 1, `${rows.rows[0]!.count} rows`);
  } finally {
    await client.end();
  }
  check('the drained container exits 0', exit.trim() === '0', exit);
}

async function cleanUp(): Promise<void> {
  for (const name of containers) await podman(['rm', '-f', '-v', name]);
  for (const volume of volumes) await podman(['volume', 'rm', '-f', volume]);
  removeContainersConf();
}

process.exitCode = await main();
