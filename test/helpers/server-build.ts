/**
 * How a test runs a module of src/ as a process of its own (`server.ts`, `db/backup/cli.ts`): from the
 * run's compiled copy of src/ (global-server.ts) when the project made one, else the source through tsx.
 */
import { join } from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from '../../src/paths.js';

/** Node's arguments before the module, and the module's file. */
export function srcModule(module: string): { execArgv: string[]; file: string } {
  const build = inject('serverBuild');
  if (!build) return { execArgv: ['--import', 'tsx'], file: join(projectRoot, 'src', module) };
  // Its source maps are inline: NODE_OPTIONS=--enable-source-maps maps a stack trace to src/ (~0.25 s of CPU per start).
  return { execArgv: [], file: join(build, 'src', module.replace(/\.ts$/, '.js')) };
}

/** `node <these> ...`: runs the module as the process's entry point. */
export function nodeArgs(module: string): string[] {
  const { execArgv, file } = srcModule(module);
  return [...execArgv, file];
}
