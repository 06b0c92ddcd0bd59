/**
 * CONTRACT.md §11 fourth pass, untrusted files are parsed apart from the
 * service: each upload is read in a worker thread of its own, with its own
 * heap limit and a deadline. A worker that runs out of memory or time, or
 * crashes, is ended and the upload is 400 `unreadable_file`; the service
 * notices nothing beyond a log line. Three spreadsheets stopped the service
 * before this, each through a different part of the parser.
 */
import type { ResourceLimits, Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { DomainError, type ErrorCode } from '../../core/errors.js';
import type { ReadRows } from '../../core/client-import.js';
import type { ParseAnswer } from './parse-worker.js';
import { unreadableFile } from './import-limits.js';
import { unpackRows } from './read-upload.js';
import { startWorker } from './start-worker.js';

export interface ParseLimits {
  /** The worker's whole JavaScript heap (old and young generations). */
  heapMb: number;
  /** From the worker's start (its start-up included) to its answer: the request answers within 10 s. */
  deadlineMs: number;
}

export const PARSE_LIMITS: ParseLimits = { heapMb: 256, deadlineMs: 9500 };

/** Workers at once: the service's cores are shared with the bookings. */
const PARSING_AT_ONCE = 2;
/** Uploads that may wait for a worker; one more is 429. */
const WAITING_AT_MOST = 8;
const YOUNG_GENERATION_MB = 16;

const queue = pLimit(PARSING_AT_ONCE);

/** The codes a worker may answer with: what the file itself is refused for. Any other answer is not believed. */
const FILE_REFUSALS: ReadonlySet<ErrorCode> = new Set(['invalid_input', 'body_too_large', 'unreadable_file']);

/** Why a worker gave no answer, for the log: never its message (a parser's message may quote the file). */
export type ParseFailure = 'deadline' | 'out_of_memory' | 'crashed';

function startParser(bytes: Buffer, heapMb: number): Worker {
  const resourceLimits: ResourceLimits = {
    maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
    maxOldGenerationSizeMb: heapMb - YOUNG_GENERATION_MB,
  };
  // A copy of this upload's bytes and an empty environment (no secrets, no database address): all the worker has.
  return startWorker('parse-worker', { workerData: { bytes }, env: {}, resourceLimits });
}

const failureOf = (error: unknown): ParseFailure =>
  (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out_of_memory' : 'crashed';

function parseInWorker(bytes: Buffer, limits: ParseLimits, onFailure: (why: ParseFailure) => void): Promise<ReadRows> {
  return new Promise((resolve, reject) => {
    const worker = startParser(bytes, limits.heapMb);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const fail = (why: ParseFailure) =>
      settle(() => {
        onFailure(why);
        reject(unreadableFile());
      });
    const deadline = setTimeout(() => fail('deadline'), limits.deadlineMs);
    worker.once('message', (answer: ParseAnswer) =>
      settle(() => {
        if ('read' in answer) resolve(unpackRows(answer.read));
        else if (FILE_REFUSALS.has(answer.refusal.code))
          reject(new DomainError(answer.refusal.code, answer.refusal.detail, answer.refusal.errors));
        else reject(unreadableFile());
      }),
    );
    worker.once('error', (error) => fail(failureOf(error)));
    worker.once('exit', () => fail('crashed'));
  });
}

/**
 * The clients an uploaded file holds, read in a worker of its own (one per upload, at most
 * PARSING_AT_ONCE at a time, WAITING_AT_MOST waiting, 429 beyond).
 */
export async function parseUntrustedFile(
  bytes: Buffer,
  onFailure: (why: ParseFailure) => void,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<ReadRows> {
  if (queue.pendingCount >= WAITING_AT_MOST)
    throw new DomainError('rate_limited', 'Too many files are being read right now: try again in a minute');
  return queue(() => parseInWorker(bytes, limits, onFailure));
}
