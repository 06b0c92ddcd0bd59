/** One measured endpoint: a warm-up, then autocannon with the settings while the server's RSS is sampled. */
import { loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { cpuOf, cpuSeconds, sampleRss } from './processes.js';

export const LOAD = { connections: 50, pipelining: 1, duration: Number(process.env.BENCH_DURATION ?? 10), warmup: 2 };

export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** For POST: a new body per request (unique phones). */
  body?: () => unknown;
}

export interface Measurement {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  rssMb: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time per request of the server process, and of the PostgreSQL backends serving it (robust to a busy machine). */
  cpuUs: number;
  dbCpuUs?: number;
  /** The machine's 1-minute load average when the measurement ended (other engineers share it). */
  load: number;
}

function options(baseUrl: string, target: Target, duration: number) {
  const request = {
    method: target.method ?? 'GET',
    path: target.path,
    headers: { 'content-type': 'application/json', ...target.headers },
    ...(target.body ? { setupRequest: (raw: object) => ({ ...raw, body: JSON.stringify(target.body!()) }) } : {}),
  };
  return { url: baseUrl, connections: LOAD.connections, pipelining: LOAD.pipelining, duration, requests: [request] };
}

export async function measure(baseUrl: string, pid: number, target: Target, dbPids?: () => Promise<number[]>): Promise<Measurement> {
  await autocannon(options(baseUrl, target, LOAD.warmup));
  const backends = (await dbPids?.()) ?? [];
  const [cpuBefore, dbCpuBefore] = [cpuSeconds(pid), cpuOf(backends)];
  const peakRss = sampleRss(pid);
  const result: Result = await autocannon(options(baseUrl, target, LOAD.duration));
  const perRequest = (seconds: number) => (seconds * 1e6) / Math.max(1, result.requests.total);
  return {
    cpuUs: perRequest(cpuSeconds(pid) - cpuBefore),
    ...(dbPids ? { dbCpuUs: perRequest(cpuOf(backends) - dbCpuBefore) } : {}),
    name: target.name,
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb: peakRss(),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: loadavg()[0] ?? 0,
  };
}
