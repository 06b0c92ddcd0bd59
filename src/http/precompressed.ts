/**
 * An answer compressed once when it is made and sent as it is to every reader
 * (the booking page and the public catalog, kept in the per-business cache):
 * br or gzip by Accept-Encoding, a strong ETag per representation and 304 on
 * If-None-Match. @fastify/compress leaves an answer alone that already names
 * its Content-Encoding.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

export interface Precompressed {
  type: string;
  /** Of the plain body; the compressed representations add their coding to it. */
  etag: string;
  identity: Buffer;
  /** Left out where the coding would not make the body smaller. */
  br?: Buffer;
  gzip?: Buffer;
}

const smaller = (compressed: Buffer, plain: Buffer): Buffer | undefined => (compressed.length < plain.length ? compressed : undefined);

export function precompress(text: string, type: string): Precompressed {
  const identity = Buffer.from(text);
  return {
    type,
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    identity,
    // Made once per change and read thousands of times: the strongest settings that still take about a millisecond.
    br: smaller(
      brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      identity,
    ),
    gzip: smaller(gzipSync(identity, { level: 9 }), identity),
  };
}

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

function chosenEncoding(request: FastifyRequest, answer: Precompressed): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  const encoding = header ? negotiator.negotiate(header) : null;
  return encoding && answer[encoding] ? encoding : undefined;
}

/** If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it), or is "*". */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, answer: Precompressed): FastifyReply {
  const encoding = chosenEncoding(request, answer);
  const etag = `"${answer.etag}${encoding ? `-${encoding}` : ''}"`;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding').header('etag', etag);
  if (notModified(request, etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(answer.type).send(encoding ? answer[encoding] : answer.identity);
}
