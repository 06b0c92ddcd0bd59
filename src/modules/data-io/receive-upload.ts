/**
 * The bytes of an uploaded file, as @fastify/multipart hands them over: the multipart field "file",
 * at most IMPORT_MAX_BYTES. Only received here; what the bytes hold is read in a worker of its own
 * (untrusted-file.ts).
 */
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError, invalidInput } from '../../core/errors.js';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** One file and a few small fields: anything beyond is refused while the body is read. */
export const UPLOAD_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: true,
  limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
};

const tooLarge = () => new DomainError('body_too_large', 'The file is larger than 5 MB');

async function firstFileField(request: FastifyRequest): Promise<Buffer | undefined> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw invalidInput('The upload could not be read', 'file');
  }
  return bytes;
}

/** The uploaded file's bytes: 415 when the body is not multipart, 413 beyond 5 MB, 400 without a "file" field. */
export async function receiveUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError('unsupported_media_type', 'Send the file as multipart/form-data, field "file"');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge();
  const bytes = await firstFileField(request);
  if (!bytes) throw invalidInput('Missing file: send it in the multipart field "file"', 'file');
  return bytes;
}
