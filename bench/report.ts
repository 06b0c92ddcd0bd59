/** The results table (console and RESULTS.md) and the performance targets. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Measurement } from './load.js';
import type { MicroResult } from './micro.js';

export interface DbRun {
  kind: 'postgres' | 'pglite';
  floor: Measurement;
  /** PostgreSQL: the write floor (bare node:http, one INSERT, one sendMessage); POST booking is judged against it. */
  writeFloor?: Measurement;
  rows: Measurement[];
  notes: string;
}

/** Minimum ratio to the floor per endpoint and database; endpoints not listed have no ratio target. */
const RATIO_TARGETS: Record<string, Partial<Record<DbRun['kind'], number>>> = {
  'GET slots (all masters)': { postgres: 0.3, pglite: 0.15 },
  'GET slots (master_id)': { postgres: 0.3, pglite: 0.15 },
  'GET services': { postgres: 0.3, pglite: 0.15 },
  'GET /public/{slug} (profile)': { postgres: 0.3, pglite: 0.15 },
  'GET /{slug} booking page (br)': { postgres: 0.3, pglite: 0.15 },
};
/** POST booking is judged against the write floor (what one booking minimally costs on this machine), not the read floor. */
const WRITE_RATIO_TARGET = 0.3;
export const RSS_LIMIT_MB = 300;
export const DAYS_TARGET = 'GET days (30 days, 10 masters)';
export const IF_FREE_TARGET = 'POST booking (if_free)';
export const VISIT_TARGET = 'POST visit (2 items)';
/** Issue #52: a visit of two items at half the throughput of the single booking the pages send (if_free) or better. */
const VISIT_RATIO_TARGET = 0.5;
const bookingRow = (name: string): boolean => name === 'POST booking' || name === IF_FREE_TARGET;

/** A visit's throughput over the if_free booking's of the same run. */
function visitRatio(run: DbRun, row: Measurement): number | undefined {
  const single = run.rows.find((other) => other.name === IF_FREE_TARGET);
  return row.name === VISIT_TARGET && single ? row.reqPerSec / single.reqPerSec : undefined;
}
/** Latest p99 per endpoint (the date strip makes one request), as the service ships (not with the cache off). */
const P99_TARGETS_MS: Record<string, number> = { [DAYS_TARGET]: 20 };
export const MICRO_LIMIT_US = 1000;

const fmt = (value: number, digits = 0) => value.toFixed(digits);

function verdict(run: DbRun, row: Measurement): string {
  const problems: string[] = [];
  const target = RATIO_TARGETS[row.name]?.[run.kind];
  const ratio = row.reqPerSec / run.floor.reqPerSec;
  if (target !== undefined && ratio < target) problems.push(`ratio < ${target}`);
  const writeRatio = bookingRow(row.name) && run.writeFloor ? row.reqPerSec / run.writeFloor.reqPerSec : undefined;
  if (writeRatio !== undefined && writeRatio < WRITE_RATIO_TARGET)
    problems.push(`write-floor ratio ${fmt(writeRatio, 2)} < ${WRITE_RATIO_TARGET}`);
  const perVisit = visitRatio(run, row);
  if (perVisit !== undefined && perVisit < VISIT_RATIO_TARGET)
    problems.push(`${fmt(perVisit, 2)} of the if_free booking < ${VISIT_RATIO_TARGET}`);
  const p99Target = P99_TARGETS_MS[row.name];
  if (p99Target !== undefined && row.p99 >= p99Target) problems.push(`p99 ≥ ${p99Target} ms`);
  if (row.rssMb >= RSS_LIMIT_MB) problems.push(`RSS ≥ ${RSS_LIMIT_MB} MB`);
  if (row.non2xx > 0 || row.errors > 0) problems.push(`${row.non2xx} non-2xx, ${row.errors} errors`);
  if (problems.length > 0) return `MISSED: ${problems.join('; ')}`;
  if (writeRatio !== undefined) return `ok (write floor ${fmt(writeRatio, 2)} ≥ ${WRITE_RATIO_TARGET})`;
  if (perVisit !== undefined) return `ok (${fmt(perVisit, 2)} of the if_free booking ≥ ${VISIT_RATIO_TARGET})`;
  if (p99Target !== undefined) return `ok (p99 < ${p99Target} ms)`;
  return target === undefined ? 'ok' : `ok (≥ ${target})`;
}

export function table(runs: DbRun[]): string {
  const lines = [
    '| database | endpoint | req/s | p50 ms | p99 ms | peak RSS MB | ratio to floor | CPU µs/req (service + PostgreSQL) | requests | load 1 min | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const run of runs) {
    for (const row of [run.floor, ...(run.writeFloor ? [run.writeFloor] : []), ...run.rows]) {
      let ratio = row === run.floor ? '1.00' : fmt(row.reqPerSec / run.floor.reqPerSec, 2);
      if (bookingRow(row.name) && run.writeFloor) ratio += ` (write floor: ${fmt(row.reqPerSec / run.writeFloor.reqPerSec, 2)})`;
      const perVisit = visitRatio(run, row);
      if (perVisit !== undefined) ratio += ` (if_free booking: ${fmt(perVisit, 2)})`;
      const cpu = row.dbCpuUs === undefined ? fmt(row.cpuUs) : `${fmt(row.cpuUs)} + ${fmt(row.dbCpuUs)}`;
      lines.push(
        `| ${run.kind} | ${row.name} | ${fmt(row.reqPerSec)} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${fmt(row.rssMb)} | ${ratio} | ${cpu} | ${row.requests} | ${fmt(row.load, 2)} | ${verdict(run, row)} |`,
      );
    }
  }
  return lines.join('\n');
}

export function microTable(results: MicroResult[]): string {
  return [
    '| case | µs per call | target |',
    '|---|---:|---|',
    ...results.map(
      (r, i) =>
        `| ${r.name} | ${fmt(r.microsPerCall, 1)} | ${i < 2 ? (r.microsPerCall < MICRO_LIMIT_US ? 'ok (< 1 ms)' : 'MISSED (≥ 1 ms)') : 'informative'} |`,
    ),
  ].join('\n');
}

export function allMet(runs: DbRun[], micro: MicroResult[]): boolean {
  return (
    runs.every((run) => run.rows.every((row) => verdict(run, row).startsWith('ok'))) &&
    micro.slice(0, 2).every((r) => r.microsPerCall < MICRO_LIMIT_US)
  );
}

const BEGIN = '<!-- bench:begin (written by npm run bench; edit outside these markers) -->';
const END = '<!-- bench:end -->';

/** Replaces the generated block of RESULTS.md and keeps the hand-written findings around it. */
export function writeResults(file: string, block: string): void {
  const generated = `${BEGIN}\n${block}\n${END}`;
  if (!existsSync(file)) {
    writeFileSync(file, `# Benchmark results\n\n${generated}\n`);
    return;
  }
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  writeFileSync(
    file,
    start >= 0 && end > start ? current.slice(0, start) + generated + current.slice(end + END.length) : `${current}\n${generated}\n`,
  );
}
