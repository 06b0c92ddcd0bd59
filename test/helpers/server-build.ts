/**
 * How a test runs a module of src/ as a process of its own (`server.ts`, `db/backup/cli.ts`): from the
 * run's compiled copy of src/ (global-server.ts) when the project made one, else the source through tsx.
 */
import { join } from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from '../../src/paths.js';

/**
 * V8's baseline WebAssembly compiler only. A test's server or backup process lives a few seconds and runs
 * few queries, so PGlite's 9 MB module is not worth optimizing: a start on a migrated folder 1.45 -> 0.83 s
 * of CPU, a first start's initdb 5.4 -> 3.7 s, the PGlite process files 113 -> 82 s (decision 0083).
 * The same code runs; only how V8 compiles it differs. The test workers keep the default: their PGlite runs
 * thousands of queries, and baseline-only code made the API files 12 % slower.
 */
const SHORT_LIVED = ['--liftoff-only'];

/** Node's arguments before the module, and the module's file. */
export function srcModule(module: string): { execArgv: string[]; file: string } {
  const build = inject('serverBuild');
  if (!build) return { execArgv: [...SHORT_LIVED, '--import', 'tsx'], file: join(projectRoot, 'src', module) };
  // Its source maps are inline: NODE_OPTIONS=--enable-source-maps maps a stack trace to src/ (~0.25 s of CPU per start).
  return { execArgv: SHORT_LIVED, file: join(build, 'src', module.replace(/\.ts$/, '.js')) };
}

/** `node <these> ...`: runs the module as the process's entry point. */
export function nodeArgs(module: string): string[] {
  const { execArgv, file } = srcModule(module);
  return [...execArgv, file];
}
