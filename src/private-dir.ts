/**
 * DATA_DIR holds the embedded database and the generated JWT secret: only the
 * service's own user may read it (CONTRACT.md §11). PGlite creates its files
 * from WebAssembly with mode 0666, so the process umask is what keeps them
 * private; files left by an older, laxer start are tightened too.
 */
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** Creates the folder (and its parents) when missing; an existing one is narrowed to its owner. */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
    chmodSync(dir, PRIVATE_DIR);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`DATA_DIR ${dir} cannot be used (${reason}): point DATA_DIR at a folder this user may create and write`, {
      cause: error,
    });
  }
}

/** Removes group and other access from every file and folder under `dir`. */
export function restrictTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodSync(path, PRIVATE_DIR);
      restrictTree(path);
    } else if (entry.isFile() && (statSync(path).mode & 0o077) !== 0) {
      chmodSync(path, PRIVATE_FILE);
    }
  }
}

/** New files of this process: owner only. */
export function privateUmask(): void {
  process.umask(0o077);
}
