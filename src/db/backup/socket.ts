/**
 * PGlite is one process's database: while `npm start` runs, `npm run backup`
 * asks the running server for the backup over a Unix socket in DATA_DIR. DATA_DIR
 * is the service user's alone (0700), so reaching the socket already means being
 * allowed to read the data: no token to manage, nothing on the network.
 */
import { existsSync, unlinkSync, type WriteStream } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../driver.js';
import { writeBackup } from './dump.js';

export const backupSocketPath = (dataDir: string): string => join(dataDir, 'backup.sock');
/** Unix socket paths are limited to about 104 bytes (macOS) / 108 (Linux). */
const MAX_SOCKET_PATH = 100;

export async function serveBackups(options: {
  db: Db;
  dataDir: string;
  jwtSecret?: string;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const path = backupSocketPath(options.dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    options.log.warn(`DATA_DIR's path is too long for the backup socket: stop the service to run npm run backup`);
    return async () => undefined;
  }
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip' });
    const started = performance.now();
    writeBackup({ db: options.db, engine: 'pglite', jwtSecret: options.jwtSecret }, res).then(
      (counts) => options.log.info({ rows: counts, ms: Math.round(performance.now() - started) }, 'backup written'),
      (error: unknown) => {
        options.log.error({ err: error }, 'backup failed');
        res.destroy();
      },
    );
  });
  // A socket file left by a killed process would refuse the listen; this DATA_DIR's database is ours now.
  if (existsSync(path)) unlinkSync(path);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** 'served' when a running server wrote the backup into `out`; 'no server' when none answers on the socket. */
export function backupFromServer(dataDir: string, out: WriteStream): Promise<'served' | 'no server'> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve('no server');
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the running server answered ${res.statusCode}`));
      res.on('aborted', () => reject(new Error('the running server stopped writing the backup (see its log)')));
      res.on('error', reject);
      res.pipe(out);
      out.on('finish', () =>
        res.complete ? resolve('served') : reject(new Error('the running server stopped writing the backup (see its log)')),
      );
      out.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve('no server');
      else reject(error);
    });
    req.end();
  });
}

/** Whether a server is running on this DATA_DIR (its backup socket answers). */
export function serverRunning(dataDir: string): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/', method: 'GET' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}
