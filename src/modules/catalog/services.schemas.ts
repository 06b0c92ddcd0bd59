import { Type, type Static } from '@sinclair/typebox';
import { errorResponses, IdParam, NonBlank, Nullable, ServiceBody } from '../../http/schemas.js';
import { bearerSecurity as security } from '../../http/openapi-security.js';

const tags = ['catalog'];
const fields = {
  name: NonBlank(200),
  duration: Type.Integer({ minimum: 1, maximum: 1440 }),
  price: Type.Number({ minimum: 0, maximum: 1e9 }),
  buffer_after: Type.Integer({
    minimum: 0,
    maximum: 240,
    description: 'Minutes kept free after a booking of this service (CONTRACT.md §17)',
  }),
  category_id: Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 })),
};
const CreateService = Type.Object(
  {
    name: fields.name,
    duration: fields.duration,
    price: fields.price,
    buffer_after: Type.Optional(fields.buffer_after),
    category_id: Type.Optional(fields.category_id),
  },
  { additionalProperties: false },
);
const UpdateService = Type.Partial(CreateService, { additionalProperties: false });
export type CreateServiceInput = Static<typeof CreateService>;
export type UpdateServiceInput = Static<typeof UpdateService>;

export const listServicesSchema = {
  tags,
  operationId: 'listServices',
  summary: 'Services of the business',
  security,
  response: { 200: Type.Array(ServiceBody), ...errorResponses(401, 403) },
} as const;

export const getServiceSchema = {
  tags,
  operationId: 'getService',
  summary: 'One service',
  security,
  params: IdParam,
  response: { 200: ServiceBody, ...errorResponses(401, 403, 404) },
} as const;

export const createServiceSchema = {
  tags,
  operationId: 'createService',
  summary: 'Create a service',
  security,
  body: CreateService,
  response: { 201: ServiceBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const updateServiceSchema = {
  tags,
  operationId: 'updateService',
  summary: 'Change a service',
  security,
  params: IdParam,
  body: UpdateService,
  response: { 200: ServiceBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const deleteServiceSchema = {
  tags,
  operationId: 'deleteService',
  summary: 'Delete a service',
  security,
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
