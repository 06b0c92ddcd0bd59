/**
 * br and gzip for every text answer (HTML with its inlined data, JSON, the
 * OpenAPI document). The web build's assets are compressed once at build time
 * (scripts/build-web.mjs) and served as they are (@fastify/static
 * preCompressed), so only the dynamic answers pay for compression here, at a
 * brotli quality that costs tens of microseconds on a page. Answers under 1 KiB
 * stay plain: the headers would outweigh the saving.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Compressed request bodies are not accepted: nothing of ours sends them, and they would bypass the body limit's intent.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}
