import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { noSecurity } from '../../http/openapi-security.js';
import { AddressBody, CityBody } from './suggest.js';

const tags = ['location'];
const Q = Type.String({ maxLength: 200, description: 'what the user typed; blank answers [] without a provider call' });

export const suggestCitiesSchema = {
  tags,
  operationId: 'suggestCities',
  summary: 'City suggestions',
  security: noSecurity,
  description: 'City autocomplete in Kazakhstan through 2GIS.',
  querystring: Type.Object({ q: Type.Optional(Q) }),
  response: { 200: Type.Array(CityBody), ...errorResponses(400, 429, 502) },
} as const;

export const suggestAddressesSchema = {
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
} as const;
