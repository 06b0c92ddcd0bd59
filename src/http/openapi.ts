/**
 * The OpenAPI document's frame (@fastify/swagger builds the paths from the route schemas):
 * info, servers, tags and the bearer scheme. Every route names its own operationId,
 * summary, tag and security (`[]` when no token is needed).
 */
import type { SwaggerOptions } from '@fastify/swagger';

const tags = [
  { name: 'health', description: 'Liveness and readiness probes' },
  { name: 'auth', description: 'Registration, login (password or Telegram mini app) and passwords of business admins' },
  { name: 'public', description: "A business's public page: profile, catalog, free times and booking; no token" },
  { name: 'business', description: "The admin's own business: settings and the Telegram link" },
  { name: 'catalog', description: "The business's categories, services and masters" },
  { name: 'clients', description: 'Clients of the business, created by their bookings' },
  { name: 'schedules', description: 'Weekly working hours of the business and of each master' },
  { name: 'time-off', description: "Days and hours closed on dates (a holiday, a master's sick day) and Kazakhstan's public holidays" },
  { name: 'bookings', description: "The business's bookings as the admin sees and changes them" },
  {
    name: 'events',
    description:
      "Live updates: GET /api/v1/events is a server-sent-event stream of the business's booking changes " +
      '(`event: booking`, data `{id, status, change}`), for a panel or an integration that reacts at once instead of polling',
  },
  { name: 'reschedule', description: 'Proposals of a new time sent to the client' },
  { name: 'location', description: 'City and address suggestions for the business settings' },
  { name: 'messenger', description: 'The Telegram bot: webhook, setup and diagnostics' },
  { name: 'superadmin', description: 'Platform operator: every business and booking' },
  { name: 'integrations', description: "The business's API keys for a CRM, an accounting system or a script" },
];

type JsonSchema = Record<string, unknown>;

/**
 * Bodies are validated with additionalProperties: false so that ajv drops fields a route does not
 * know (removeAdditional) before a handler sees them; to a client that means "ignored", not
 * "refused", so the document says that instead of the keyword (docs/decisions/0004-input-validation.md).
 */
function unknownFieldsIgnored(schema: JsonSchema): JsonSchema {
  if (schema.additionalProperties !== false) return schema;
  const { additionalProperties: _dropped, ...rest } = schema;
  const note = 'Fields not listed here are ignored.';
  return { ...rest, description: typeof rest.description === 'string' ? `${rest.description} ${note}` : note };
}

export const swaggerOptions: SwaggerOptions = {
  transform: ({ schema, url }) => {
    const body = (schema as { body?: JsonSchema } | undefined)?.body;
    return { schema: body ? { ...schema, body: unknownFieldsIgnored(body) } : schema, url };
  },
  openapi: {
    info: {
      title: 'Booking service API',
      version: '1.0.0',
      description: 'Online appointment booking for service businesses in Kazakhstan.',
    },
    // Paths carry their full prefix (/api/v1/..., and /healthz at the root), so the server is the origin itself.
    servers: [{ url: '/', description: 'The origin serving this document' }],
    tags,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A login token (POST /auth/login): `Authorization: Bearer <token>`.',
        },
        apiKeyAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'bk_…',
          description:
            'An API key of the business (POST /api/v1/api-keys, shown once): `Authorization: Bearer bk_…`. ' +
            'It acts as the business on the routes that list this scheme; elsewhere (/auth/*, /business/telegram*, ' +
            '/api-keys) it is refused with 403 `api_key_forbidden`. A revoked key answers 401.',
        },
        telegramInitData: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Telegram-Init-Data',
          description: "The mini app's Telegram.WebApp.initData, signed by Telegram and at most 5 minutes old (CONTRACT.md §3).",
        },
      },
    },
  },
  // Shared schemas keep their $id as the component name (components.schemas.Error), not def-0.
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
};
