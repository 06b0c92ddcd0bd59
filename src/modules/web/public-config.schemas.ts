/** What GET /public-config (public-config.routes.ts) answers, and how OpenAPI describes it. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';

const PublicConfigBody = Type.Object({
  captcha_site_key: Nullable(Type.String()),
  bot_username: Nullable(Type.String()),
  timezone: Type.String({ description: 'APP_TIMEZONE: the wall clock of every naive date-time' }),
});
export type PublicConfigBody = Static<typeof PublicConfigBody>;

export const getPublicConfigSchema = {
  tags: ['public'],
  operationId: 'getPublicConfig',
  summary: 'Public settings for the web pages',
  security: noSecurity,
  description: 'Captcha site key, bot username and time zone for the web pages.',
  response: { 200: PublicConfigBody },
} as const;
