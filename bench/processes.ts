/** Child processes of a bench run: start one and learn its port, sample its memory, stop it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface Child {
  process: ChildProcess;
  pid: number;
  port: number;
  /** Lines the child printed on stdout (after the "listening" line). */
  lines: string[];
  stop(): Promise<number | null>;
}

/**
 * Spawns `node args...` and resolves once it prints "listening <port>"; for
 * the service (which logs JSON) `port` is known beforehand and /healthz is polled.
 */
export function startChild(args: string[], env: NodeJS.ProcessEnv, knownPort?: number): Promise<Child> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${args.join(' ')}: ${why}\n${stderr}`));
    void exited.then((code) => fail(`exited with ${code} before it listened`));
    const ready = (port: number) => resolve({ process: child, pid: child.pid!, port, lines, stop });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match && knownPort === undefined) ready(Number(match[1]));
      else lines.push(line);
    });
    if (knownPort !== undefined) {
      const deadline = Date.now() + 60_000;
      const poll = async (): Promise<void> => {
        try {
          if ((await fetch(`http://127.0.0.1:${knownPort}/healthz`)).ok) return ready(knownPort);
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) return fail('no answer on /healthz within 60 s');
        setTimeout(() => void poll(), 200);
      };
      void poll();
    }
  });
}

/** Resident set size of a process in MB (VmHWM: its peak so far), from /proc (Linux). */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples RSS every 100 ms until stopped; resolves with the peak seen. */
export function sampleRss(pid: number): () => number {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

/** CPU time (user + system) a process has used so far, in seconds; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Summed CPU seconds of several processes (the PostgreSQL backends serving the service). */
export const cpuOf = (pids: number[]): number => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** A free TCP port on 127.0.0.1 (the service takes PORT from its environment). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
