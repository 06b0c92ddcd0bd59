/** The HTTP server bounds how long a client may take to send a request, and outlives a balancer's idle keep-alive. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.js';

const t = useTestApp();
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.app.server.close();
});

describe('HTTP server timeouts (CONTRACT.md §15)', () => {
  it('headers 10 s, the whole request 30 s (inside the shutdown grace), keep-alive 72 s', () => {
    // Fastify hands them to node's http.Server, which is where they take effect.
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    expect(t.app.server.requestTimeout).toBeLessThan(t.config.shutdownGraceMs);
  });

  it('a client that never finishes its headers is disconnected after about 10 s, not 30 or more', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = performance.now();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await new Promise((resolve) => socket.once('close', resolve));
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeGreaterThan(9);
    expect(seconds).toBeLessThan(13);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);
});
