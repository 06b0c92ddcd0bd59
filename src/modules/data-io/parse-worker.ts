/**
 * The worker thread one upload is read in (untrusted-file.ts starts it): it
 * gets that upload's bytes and nothing else (no environment, no database),
 * answers once with the clients read or the refusal, and is then ended.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DomainError } from '../../core/errors.js';
import { packRows, readUpload, type PackedRows } from './read-upload.js';

export type ParseAnswer = { read: PackedRows } | { refusal: Pick<DomainError, 'code' | 'detail' | 'errors'> };

const bytes = Buffer.from((workerData as { bytes: Uint8Array }).bytes);
readUpload(bytes).then(
  (read) => parentPort!.postMessage({ read: packRows(read) } satisfies ParseAnswer),
  (error: unknown) => {
    // Anything but a refusal of the file's content is a crash: the thread ends with it, the caller answers unreadable_file.
    if (!(error instanceof DomainError)) throw error;
    parentPort!.postMessage({ refusal: { code: error.code, detail: error.detail, errors: error.errors } } satisfies ParseAnswer);
  },
);
