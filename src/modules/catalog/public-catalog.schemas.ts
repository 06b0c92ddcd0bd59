import { Type } from '@sinclair/typebox';
import {
  cacheHeaders,
  errorResponses,
  notModifiedResponse,
  PublicBusinessBody,
  PublicMasterBody,
  PublicServiceBody,
  SlugParams,
} from '../../http/schemas.js';
import { noSecurity as security } from '../../http/openapi-security.js';

const tags = ['public'];
const revalidation = Type.Object({
  'if-none-match': Type.Optional(Type.String({ description: 'The ETag of an earlier answer: 304 while it is still current' })),
});
const cachedResponses = (body: unknown) => ({
  200: { ...(body as object), headers: cacheHeaders },
  304: notModifiedResponse,
  ...errorResponses(404),
});

export const getPublicBusinessSchema = {
  tags,
  operationId: 'getPublicBusiness',
  summary: "A business's public profile",
  security,
  params: SlugParams,
  headers: revalidation,
  response: cachedResponses(PublicBusinessBody),
} as const;

export const listPublicServicesSchema = {
  tags,
  operationId: 'listPublicServices',
  summary: "A business's services",
  security,
  params: SlugParams,
  headers: revalidation,
  response: cachedResponses(Type.Array(PublicServiceBody)),
} as const;

export const listPublicMastersSchema = {
  tags,
  operationId: 'listPublicMasters',
  summary: "A business's masters with their services",
  security,
  params: SlugParams,
  headers: revalidation,
  response: cachedResponses(Type.Array(PublicMasterBody)),
} as const;
