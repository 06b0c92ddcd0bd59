/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (CONTRACT.md §15),
 * for the same DATA_DIR / DATABASE_URL as `npm start`. One line of outcome, or one
 * line of why not; exit code 1 on failure. The backup file holds personal data and,
 * on PGlite, the JWT secret: it is written 0600 and appears only once complete.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { dataLocation, jwtSecretFile } from '../../config.js';
import { ensurePrivateDir } from '../../private-dir.js';
import { writeBackup } from './dump.js';
import { asBackupError, BackupError, parseHeader, type BackupHeader, type Marker } from './format.js';
import { restoreBackup } from './load.js';
import { openDirect, pgliteExists } from './open.js';
import { backupFromServer, serverRunning } from './socket.js';

type Location = ReturnType<typeof dataLocation>;

/** npm runs scripts in the project folder; a relative FILE means the folder the command was typed in. */
const userPath = (file: string): string => (isAbsolute(file) ? file : resolve(process.env.INIT_CWD ?? process.cwd(), file));

const readSecret = (dataDir: string): string | undefined => {
  const file = jwtSecretFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
};

function summary(counts: Record<string, number>): string {
  const shown = ['businesses', 'bookings', 'clients'].map((table) => `${counts[table] ?? 0} ${table}`);
  const total = Object.values(counts).reduce((sum, rows) => sum + rows, 0);
  return `${shown.join(', ')}; ${total} rows in all`;
}

/** How much of the unpacked end inspect keeps: the end marker (rows per table) is a short line. */
const TAIL_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * Reads a backup through to its end: its header and rows per table, or why it is not whole. Only
 * the first line and the last bytes are kept; the rows in between are unpacked, not split into lines.
 */
async function inspect(file: string): Promise<{ header: BackupHeader; counts: Record<string, number> }> {
  const head: Buffer[] = [];
  let headDone = false;
  const tail: Buffer[] = [];
  let tailBytes = 0;
  try {
    for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
      if (!headDone) {
        head.push(chunk);
        headDone = chunk.includes(NEWLINE);
      }
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tailBytes - tail[0]!.length >= TAIL_BYTES) tailBytes -= tail.shift()!.length;
    }
  } catch (error) {
    throw asBackupError(error);
  }
  const header = parseHeader(Buffer.concat(head).toString('utf8').split('\n')[0]);
  const last = Buffer.concat(tail).toString('utf8').trimEnd().split('\n').at(-1) ?? '';
  let marker: Marker | [] = [];
  try {
    marker = JSON.parse(last) as Marker;
  } catch {
    // reported below
  }
  if (marker[0] !== 'end') throw new BackupError(`${file} is incomplete (it ends before its last line)`);
  return { header, counts: marker[1] };
}

/**
 * The backup is written to a file this run creates (0600): a FILE.partial already there (another
 * backup running, a leftover, or a symlink planted to point elsewhere) is refused, never reused.
 */
function openPartial(partial: string): number {
  try {
    return openSync(partial, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupError(`${partial} already exists (another backup running, or left by one that stopped): remove it and run again`);
    throw error;
  }
}

async function backup(file: string, location: Location): Promise<string> {
  const partial = `${file}.partial`;
  const out = createWriteStream('', { fd: openPartial(partial) });
  const jwtSecret = readSecret(location.dataDir);
  try {
    let how = 'from PostgreSQL';
    if (!location.databaseUrl) {
      how = 'through the running server';
      if ((await backupFromServer(location.dataDir, out)) === 'no server') {
        if (!pgliteExists(location.dataDir)) throw new BackupError(`there is no database in DATA_DIR ${location.dataDir}`);
        how = 'from the stopped DATA_DIR';
        await backupDirect(location, jwtSecret, out);
      }
    } else {
      await backupDirect(location, jwtSecret, out);
    }
    const { counts } = await inspect(partial);
    renameSync(partial, file);
    return `backup written to ${file} ${how} (${summary(counts)}; ${Math.ceil(statSync(file).size / 1024)} KB)`;
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

async function backupDirect(location: Location, jwtSecret: string | undefined, out: Writable) {
  const database = await openDirect(location);
  try {
    await writeBackup({ db: database.db, engine: database.engine, jwtSecret, copyOut: database.copy?.out }, out);
  } finally {
    await database.close();
  }
}

async function restore(file: string, location: Location, force: boolean): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (!location.databaseUrl && (await serverRunning(location.dataDir))) {
    throw new BackupError(`the service is running on DATA_DIR ${location.dataDir}: stop it, restore, then start it again`);
  }
  const { header } = await inspect(file);
  const secret = readSecret(location.dataDir);
  if (header.jwt_secret && secret && secret !== header.jwt_secret && !force) {
    throw new BackupError(
      `DATA_DIR ${location.dataDir} has another JWT secret: restore into an empty DATA_DIR, or add --force to replace it`,
    );
  }
  const target = await openDirect(location);
  let counts: Record<string, number>;
  try {
    ({ counts } = await restoreBackup(target, createReadStream(file), { force }));
  } finally {
    await target.close();
  }
  const notes: string[] = [];
  if (header.jwt_secret) {
    ensurePrivateDir(location.dataDir);
    writeFileSync(jwtSecretFile(location.dataDir), header.jwt_secret, { mode: 0o600 });
    if (process.env.JWT_SECRET && process.env.JWT_SECRET !== header.jwt_secret) {
      notes.push('JWT_SECRET is set and differs from the backup: old logins and links work only without it');
    }
  } else if (!process.env.JWT_SECRET) {
    notes.push('the backup holds no JWT secret (JWT_SECRET was set where it was made): set the same JWT_SECRET here');
  }
  return [`restored ${file} made ${header.created_at} on ${header.engine} (${summary(counts)})`, ...notes].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const [file] = rest.filter((arg) => arg !== '--force');
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: npm run backup -- FILE | npm run restore -- FILE [--force]');
    return 2;
  }
  const location = dataLocation();
  try {
    console.log(command === 'backup' ? await backup(userPath(file), location) : await restore(userPath(file), location, force));
    return 0;
  } catch (error) {
    console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.LOG_LEVEL === 'debug') console.error(error);
    return 1;
  }
}
