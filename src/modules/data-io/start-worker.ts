/**
 * A worker thread of this folder, started from the build (JavaScript) or from the sources (TypeScript
 * under tsx, as the tests and `npm run dev` run): the one place that knows how.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

const here = new URL(import.meta.url);
const fromSources = here.pathname.endsWith('.ts');

/** `name` is the worker's file name without its ending, beside this file. */
export function startWorker(name: string, options: WorkerOptions): Worker {
  const file = new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, here);
  if (!fromSources) return new Worker(file, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
