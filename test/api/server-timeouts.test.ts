/** The HTTP server bounds how long a client may take to send a request, and outlives a balancer's idle keep-alive. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.js';

const t = useTestApp();

describe('HTTP server timeouts', () => {
  it('request 20 s (inside the shutdown grace), keep-alive 72 s', () => {
    // Fastify hands both to node's http.Server, which is where they take effect.
    expect(t.app.server.requestTimeout).toBe(20_000);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    expect(t.app.server.requestTimeout).toBeLessThan(t.config.shutdownGraceMs);
  });
});
