import { buildApp } from './app.js';
import { jwtSecretFile, loadConfig } from './config.js';
import { DomainError } from './core/errors.js';
import { errorBody } from './http/errors.js';
import { startupSummary } from './startup-summary.js';

/** A start that cannot happen (a bad setting, a DATA_DIR that cannot be made) says why in one line, no stack. */
async function startOrExplain<T>(what: () => T | Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`booking-kz cannot start: ${message}`);
    if (process.env.LOG_LEVEL === 'debug') console.error(error);
    process.exit(1);
  }
}

const config = await startOrExplain(() => loadConfig());
const app = await startOrExplain(() => buildApp({ config }));
/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process gives up. */
const SHUTDOWN_GRACE_MS = config.shutdownGraceMs;

let stopServingBackups = async (): Promise<void> => undefined;
let draining = false;
let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (draining) return;
  draining = true;
  if (config.shutdownDrainMs > 0) {
    // Still serving, but not ready: the balancer's health check takes this instance out before it stops listening.
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining (readyz answers 503)');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  }
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  await stopServingBackups();
  try {
    // Stops accepting, waits for in-flight requests (new ones on open connections get 503),
    // then runs the onClose hooks: the bot and the database are closed there.
    await app.close();
    app.log.info('shutdown complete: server, bot and database closed');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
app.addHook('onRequest', async (request, reply) => {
  if (draining && request.url === '/readyz') return reply.status(503).send(errorBody(new DomainError('unavailable', 'Shutting down')));
});
// Responses finished during shutdown close their keep-alive connection, or close() would wait for it to idle out.
app.addHook('onSend', async (_request, reply) => {
  if (closing || draining) reply.header('connection', 'close');
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// PGlite is this process's alone: `npm run backup` asks this server for the backup (CONTRACT.md §15).
if (app.ctx.database.kind === 'pglite') {
  const { serveBackups } = await import('./db/backup/socket.js');
  const { existsSync, readFileSync } = await import('node:fs');
  const secretFile = jwtSecretFile(config.dataDir);
  stopServingBackups = await serveBackups({
    db: app.ctx.database.db,
    dataDir: config.dataDir,
    jwtSecret: existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined,
    log: app.log,
  });
}
for (const line of startupSummary(config, app.ctx.database.kind)) app.log.info(line);
