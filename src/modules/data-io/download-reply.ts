import type { FastifyReply } from 'fastify';
import { TOTAL_HEADER } from '../../http/schemas.js';
import type { ExportFile } from './export.service.js';
import { CONTENT_TYPES } from './writers.js';

/** An export as an attachment, never cached, with its number of rows in X-Total-Count. */
export function sendDownload(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(CONTENT_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.name}.${file.format}"`)
    .header('cache-control', 'no-store')
    .header(TOTAL_HEADER, file.total)
    .send(file.body);
}
