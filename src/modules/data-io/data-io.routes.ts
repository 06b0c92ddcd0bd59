/**
 * CONTRACT.md §14 export and import: clients and bookings leave as CSV or
 * XLSX downloads, clients come in from CSV or XLSX (with a dry run first).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { scopeAction } from '../identity/guards.js';
import { exportBookingsSchema, exportClientsSchema, importClientsConfig, importClientsSchema } from './data-io.schemas.js';
import { sendDownload } from './download-reply.js';
import { exportBookings, exportClients } from './export.service.js';
import { importClientsFromFile } from './import.js';
import { receiveUpload, UPLOAD_OPTIONS } from './receive-upload.js';
import type { ParseFailure } from './untrusted-file.js';

export const dataIoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Every route here copies the business's data in or out: a Telegram session does neither (CONTRACT.md §11, third pass).
  scopeAction(app, 'business.configure');
  await app.register(multipart, UPLOAD_OPTIONS);

  app.get('/clients/export', { schema: exportClientsSchema }, async (request, reply) => {
    const file = await exportClients(app.ctx, request.provider.businessId, request.query.format);
    return sendDownload(reply, file);
  });

  app.get('/bookings/export', { schema: exportBookingsSchema }, async (request, reply) => {
    const { format, from, to } = request.query;
    const file = await exportBookings(app.ctx.db, request.provider.businessId, format, from, to);
    return sendDownload(reply, file);
  });

  app.post('/clients/import', { config: importClientsConfig, schema: importClientsSchema }, async (request) => {
    const bytes = await receiveUpload(request);
    const onUnreadable = (why: ParseFailure) => request.log.warn({ why }, 'an uploaded file could not be parsed');
    const options = { dryRun: request.query.dry_run ?? false, onUnreadable };
    return importClientsFromFile(app.ctx.db, request.provider.businessId, bytes, options);
  });
};
