/**
 * The server's sources compiled once, for the API tests that start it as a process (test/api/operations:
 * backup, startup, shutdown, shared-rate-limit; src/db/backup/cli.ts as `npm run backup` runs it). Through
 * tsx each such start costs ~1.3 s more CPU than the same JavaScript (its loader, esbuild's service, a cache
 * look-up per module), and `npm test` starts ~46 of them. This strips the types once, file by file, as tsx
 * does on every start (Vite's Oxc transform: no bundling, the tsconfig's class-field semantics), into
 * dist/.test-server/<hash>/src: the same modules, loaded as `npm start` loads its build. Named by the
 * sources, so a run after a change to src/ compiles again (~1 s of CPU) and a run after none reuses it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../src/paths.js';

/** Builds of older sources are removed when a new one is made, once this old (a run still using one keeps it). */
const KEEP_OLD_BUILDS_MS = 60 * 60 * 1000;

/**
 * Compiles src/ unless its build is there; returns the build's folder. It lies under dist/ (gitignored, no
 * package.json of its own): the modules keep the project's `"type": "module"`, resolve node_modules as src/
 * does, and src/paths.ts finds the project root above them.
 */
export async function buildServer(): Promise<string> {
  const { version, transformWithOxc } = await import('vite');
  const src = join(projectRoot, 'src');
  const names = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.split('\\').join('/'))
    .sort();
  const hash = createHash('sha256').update(version);
  const sources = names.map((name) => {
    const code = readFileSync(join(src, name), 'utf8');
    hash.update(name).update(code);
    return { name, code };
  });
  const builds = join(projectRoot, 'dist', '.test-server');
  const dir = join(builds, hash.digest('hex').slice(0, 16));
  if (existsSync(dir)) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  for (const { name, code } of sources) {
    const { code: js, map } = await transformWithOxc(code, join(src, name), { lang: 'ts', target: 'node20', sourcemap: true });
    const file = join(partial, 'src', name.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(file), { recursive: true });
    // The source map inline, as tsx writes it: with NODE_OPTIONS=--enable-source-maps a stack trace names src/ lines.
    const inline = map
      ? `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`
      : '';
    writeFileSync(file, js + inline);
  }
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another run's setup made it at the same moment: theirs serves.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  for (const name of readdirSync(builds)) {
    const old = join(builds, name);
    if (old !== dir && Date.now() - statSync(old).mtimeMs > KEEP_OLD_BUILDS_MS) rmSync(old, { recursive: true, force: true });
  }
  return dir;
}

export default async function setup(project: TestProject) {
  project.provide('serverBuild', await buildServer());
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverBuild?: string;
  }
}
