import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config.js';
import { Nullable } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';
import { scopeAction } from '../identity/guards.js';

export const PublicConfigBody = Type.Object({
  captcha_site_key: Nullable(Type.String()),
  bot_username: Nullable(Type.String()),
  timezone: Type.String({ description: 'APP_TIMEZONE: the wall clock of every naive date-time' }),
});
export type PublicConfigBody = Static<typeof PublicConfigBody>;

/** What a browser may know of the configuration: public keys only, never a secret. */
export function publicConfig(config: Config): PublicConfigBody {
  return {
    captcha_site_key: config.captchaSecret ? (config.captchaSiteKey ?? null) : null,
    bot_username: config.botUsername ?? null,
    timezone: config.appTimezone,
  };
}

export const publicConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  app.get(
    '/public-config',
    {
      schema: {
        tags: ['public'],
        operationId: 'getPublicConfig',
        summary: 'Public settings for the web pages',
        security: noSecurity,
        description: 'Captcha site key, bot username and time zone for the web pages.',
        response: { 200: PublicConfigBody },
      },
    },
    async () => publicConfig(app.ctx.config),
  );
};
