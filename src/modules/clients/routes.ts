import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import {
  BookingBody,
  DateTimeString,
  errorResponses,
  IdParam,
  NonBlank,
  Nullable,
  MAX_PAGE,
  PageQuery,
  pageTotal,
  TOTAL_HEADER,
} from '../../http/schemas.js';
import { scopeAction } from '../identity/guards.js';
import { bearerSecurity } from '../../http/openapi-security.js';
import { clientBookingViews } from '../bookings/queries.js';
import { bookingBody } from '../bookings/view.js';
import { CLIENT_NOTES_MAX } from '../bookings/client-record.js';
import { clientBody, clientStats, countClients, findClient, listClients, updateClient } from './queries.js';

const ClientBody = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  first_name: Type.String(),
  notes: Nullable(Type.String()),
});
const ClientListItem = Type.Object({
  ...ClientBody.properties,
  bookings_count: Type.Integer(),
  last_booking_at: Nullable(DateTimeString),
  last_visit_at: Nullable(DateTimeString),
});
/** How many of the client's bookings the card lists (CONTRACT.md §13); GET /bookings?client_id= has them all. */
export const CARD_BOOKINGS = 50;
const ClientCard = Type.Object({
  ...ClientBody.properties,
  visits: Type.Integer({ description: 'Bookings that already began and were not cancelled or rejected' }),
  total_spent: Type.Number({ description: 'The sum of price_snapshot over those visits' }),
  last_visit_at: Nullable(DateTimeString),
  next_booking_at: Nullable(
    Type.String({ description: 'Start (naive, APP_TIMEZONE) of the nearest future booking not cancelled or rejected' }),
  ),
  bookings: Type.Array(BookingBody, {
    maxItems: CARD_BOOKINGS,
    description: `Up to ${CARD_BOOKINGS} of the client's bookings, newest start first`,
  }),
});
const UpdateClient = Type.Object(
  {
    first_name: Type.Optional(NonBlank(200)),
    notes: Type.Optional(Nullable(Type.String({ maxLength: CLIENT_NOTES_MAX }))),
  },
  { additionalProperties: false },
);

export const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['clients'];
  const security = bearerSecurity;
  scopeAction(app, 'day.write');

  app.get(
    '/clients',
    {
      schema: {
        tags,
        operationId: 'listClients',
        summary: 'Clients of the business, searchable by name or phone',
        security,
        description: 'One page: limit (1-1000, 1000 when not given) and offset; X-Total-Count always holds the number of matching clients.',
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), ...PageQuery }),
        response: { 200: Type.Array(ClientListItem), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { q, limit, offset } = request.query;
      const { businessId } = request.provider;
      const page = { limit: limit ?? MAX_PAGE, offset };
      const rows = await listClients(app.ctx.db, businessId, q, app.ctx.time.now(), page);
      reply.header(TOTAL_HEADER, await pageTotal(rows.length, page, () => countClients(app.ctx.db, businessId, q)));
      return rows;
    },
  );

  app.get(
    '/clients/:id',
    {
      schema: {
        tags,
        operationId: 'getClient',
        summary: 'The client card: contact, notes, visits, total spent and the bookings',
        security,
        params: IdParam,
        response: { 200: ClientCard, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { businessId } = request.provider;
      const client = await findClient(app.ctx.db, businessId, request.params.id);
      if (!client) throw notFound('Client');
      const [stats, views] = await Promise.all([
        clientStats(app.ctx.db, client.id, app.ctx.time.now()),
        clientBookingViews(app.ctx.db, businessId, client.id, CARD_BOOKINGS),
      ]);
      return { ...clientBody(client), ...stats, bookings: views.map(bookingBody) };
    },
  );

  app.put(
    '/clients/:id',
    {
      schema: {
        tags,
        operationId: 'updateClient',
        summary: "Change a client's name or notes",
        security,
        params: IdParam,
        body: UpdateClient,
        response: { 200: ClientBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const client = await findClient(app.ctx.db, request.provider.businessId, request.params.id);
      if (!client) throw notFound('Client');
      const { first_name, notes } = request.body;
      const values: { firstName?: string; notes?: string | null } = {};
      if (first_name !== undefined) values.firstName = first_name.trim();
      if (notes !== undefined) values.notes = notes;
      return clientBody(Object.keys(values).length ? await updateClient(app.ctx.db, client.id, values) : client);
    },
  );
};
