import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../../http/rate-limit.js';
import { suggestAddresses, suggestCities } from './location.service.js';
import { suggestAddressesSchema, suggestCitiesSchema } from './location.schemas.js';
import { scopeAction } from '../identity/guards.js';

export const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const { config } = app.ctx;
  const limited = perMinute(config.rateLimits.location);

  app.get(
    '/location/cities',
    {
      config: limited,
      schema: suggestCitiesSchema,
    },
    (request) => suggestCities(config, request.log, request.query.q),
  );

  app.get(
    '/location/addresses',
    {
      config: limited,
      schema: suggestAddressesSchema,
    },
    (request) => suggestAddresses(config, request.log, request.query),
  );
};
