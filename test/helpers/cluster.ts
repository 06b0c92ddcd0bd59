/**
 * A scale-out rig for test/cluster: instances of the built service behind
 * Debian's HAProxy (a config written here), and an HTTP client that picks its
 * loopback source address, so each simulated client is its own address to
 * the rate limiter (HAProxy forwards it in X-Forwarded-For).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { findTool } from '../../scripts/test-tools.js';
import { projectRoot } from '../../src/paths.js';

export const CHECK_INTERVAL_MS = 200;

/** The balancer config docs/deploying.md shows, with test ports and fast checks. */
export function haproxyConfig(listenPort: number, serverPorts: number[], statsSocket?: string): string {
  return `global
  maxconn 2000
${
  statsSocket
    ? `  stats socket ${statsSocket} mode 600 level admin
`
    : ''
}
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  # The client's address for the rate limits (the service runs with TRUST_PROXY=<this balancer's address>).
  option forwardfor
  # A request no instance took (refused connection, a closed keep-alive, a 503 of an instance
  # that is shutting down) goes to another instance: none of these ran the request.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503
  # HAProxy's own answers in the API's shape: {"detail", "code"} JSON (deploy/haproxy/errors).
${[400, 403, 408, 429, 500, 502, 503, 504].map((status) => `  errorfile ${status} ${join(projectRoot, 'deploy', 'haproxy', 'errors', `${status}.http`)}`).join('\n')}

frontend booking
  bind 127.0.0.1:${listenPort}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter ${CHECK_INTERVAL_MS}ms fastinter ${CHECK_INTERVAL_MS}ms downinter ${CHECK_INTERVAL_MS}ms fall 2 rise 2
  http-response set-header x-served-by %s
${serverPorts.map((port, i) => `  server s${i + 1} 127.0.0.1:${port} check`).join('\n')}
`;
}

export interface Balancer {
  process: ChildProcess;
  port: number;
  output: () => string;
  /** `show stat` of the backend's servers: name → status (UP, DOWN, ...), retries, redispatches. */
  servers(): Promise<Record<string, { status: string; retries: number; redispatches: number }>>;
  stop(): Promise<void>;
}

function showStat(socketPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(socketPath, () => socket.end('show stat\n'));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** `untilHealthy: false` returns once HAProxy listens (for a balancer with no instance up). */
export async function startHaproxy(dir: string, listenPort: number, serverPorts: number[], untilHealthy = true): Promise<Balancer> {
  const file = join(dir, 'haproxy.cfg');
  const statsSocket = join(dir, 'haproxy.sock');
  writeFileSync(file, haproxyConfig(listenPort, serverPorts, statsSocket));
  const haproxy = findTool('haproxy');
  if (!haproxy.path) throw new Error(`The cluster test needs HAProxy: ${haproxy.hint}`);
  const binary = haproxy.path;
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    try {
      const answer = await get(listenPort, '/healthz');
      if (answer.status === 200 || (!untilHealthy && answer.status > 0)) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`haproxy did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: child,
    port: listenPort,
    output: () => output,
    servers: async () => {
      const [header, ...lines] = (await showStat(statsSocket)).split('\n').filter(Boolean);
      const columns = header!.replace(/^# /, '').split(',');
      const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
      const result: Record<string, { status: string; retries: number; redispatches: number }> = {};
      for (const line of lines) {
        const row = line.split(',');
        if (at(row, 'pxname') !== 'instances' || ['FRONTEND', 'BACKEND'].includes(at(row, 'svname'))) continue;
        result[at(row, 'svname')] = {
          status: at(row, 'status'),
          retries: Number(at(row, 'wretr')),
          redispatches: Number(at(row, 'wredis')),
        };
      }
      return result;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Answer {
  status: number;
  body: any;
  servedBy: string | undefined;
  headers?: Record<string, string | string[] | undefined>;
  /** A connection error (no HTTP answer at all). */
  error?: string;
}

/** One request on a fresh connection from `localAddress` (a 127.x.y.z address). */
export function send(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  localAddress = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress,
        agent: false,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // a balancer's own error page
          }
          resolve({
            status: response.statusCode ?? 0,
            body: parsed,
            servedBy: response.headers['x-served-by'] as string | undefined,
            headers: response.headers,
          });
        });
        response.on('error', (error) => resolve({ status: 0, body: undefined, servedBy: undefined, error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: undefined, servedBy: undefined, error: error.message }));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

export const get = (port: number, path: string, localAddress?: string) => send(port, 'GET', path, undefined, localAddress);

/** The n-th simulated client's loopback address: 127.1.0.1, 127.1.0.2, ... */
export function clientAddress(n: number): string {
  return `127.1.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}
