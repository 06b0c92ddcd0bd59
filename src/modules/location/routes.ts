import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidInput } from '../../core/errors.js';
import { perMinute } from '../../http/rate-limit.js';
import { errorResponses } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';
import { fetchSuggestions } from './client.js';
import { addressParams, AddressBody, cityParams, CityBody, toAddresses, toCities } from './suggest.js';
import { scopeAction } from '../identity/guards.js';

const Q = Type.String({ maxLength: 200, description: 'what the user typed; blank answers [] without a provider call' });

export const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  scopeAction(app, 'public');
  const { config } = app.ctx;
  const tags = ['location'];
  const limited = perMinute(config.rateLimits.location);

  app.get(
    '/location/cities',
    {
      config: limited,
      schema: {
        tags,
        operationId: 'suggestCities',
        summary: 'City suggestions',
        security: noSecurity,
        description: 'City autocomplete in Kazakhstan through 2GIS.',
        querystring: Type.Object({ q: Type.Optional(Q) }),
        response: { 200: Type.Array(CityBody), ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => {
      const q = request.query.q?.trim() ?? '';
      if (!q) return [];
      return toCities(await fetchSuggestions(config, request.log, (key) => cityParams(key, q)));
    },
  );

  app.get(
    '/location/addresses',
    {
      config: limited,
      schema: {
        tags,
        operationId: 'suggestAddresses',
        summary: 'Address suggestions',
        security: noSecurity,
        description: 'Address autocomplete near the chosen city (lat/lon) through 2GIS.',
        querystring: Type.Object({
          q: Type.Optional(Q),
          lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
          lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
        }),
        response: { 200: Type.Array(AddressBody), ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => {
      const { lat, lon } = request.query;
      const q = request.query.q?.trim() ?? '';
      if ((lat === undefined) !== (lon === undefined)) throw invalidInput('lat and lon go together', lat === undefined ? 'lat' : 'lon');
      if (!q) return [];
      const near = lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
      return toAddresses(await fetchSuggestions(config, request.log, (key) => addressParams(key, q, near)));
    },
  );
};
