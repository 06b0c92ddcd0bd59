/** Network probes of `npm run test:image` (scripts/test-image.ts): Redis alive, a request held in flight, a port closed. */
import { request } from 'node:http';
import { connect } from 'node:net';

/** Redis answers PING at 127.0.0.1:6379. */
export function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(6379, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.setTimeout(2000, () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('close', () => resolve(false));
    socket.once('error', () => resolve(false));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A booking whose headers and first bytes go out now, the rest on `finish()`: in flight as long as we like. */
export function slowBooking(port: number, path: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': payload.length },
  });
  const answer = new Promise<{ status: number; error?: string }>((resolve) => {
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
    });
    req.on('error', (error) => resolve({ status: 0, error: error.message }));
  });
  req.write(payload.subarray(0, 10));
  return { answer, finish: () => req.end(payload.subarray(10)) };
}

/** Until nothing listens on the port: the server has begun to shut down. */
export async function untilRefused(port: number): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return true;
    await sleep(50);
  }
  return false;
}
