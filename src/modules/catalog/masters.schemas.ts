import { Type } from '@sinclair/typebox';
import { errorResponses, IdParam, MasterBody, NonBlank, Nullable } from '../../http/schemas.js';
import { bearerSecurity as security } from '../../http/openapi-security.js';
import { MAX_ACTIVE_MASTERS } from './masters.service.js';

const tags = ['catalog'];
const CreateMaster = Type.Object(
  {
    name: NonBlank(200),
    service_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
const UpdateMaster = Type.Partial(CreateMaster, { additionalProperties: false });

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** CONTRACT.md §17: a master's own price and duration for one service; null removes it, an absent field stays. */
const MasterServiceTerms = Type.Object(
  {
    price: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e9, description: "This master's price; null: the service's" }))),
    duration: Type.Optional(
      Nullable(Type.Integer({ minimum: 1, maximum: 1440, description: "This master's duration in minutes; null: the service's" })),
    ),
  },
  { additionalProperties: false },
);

export const listMastersSchema = {
  tags,
  operationId: 'listMasters',
  summary: 'Masters of the business with their services',
  security,
  response: { 200: Type.Array(MasterBody), ...errorResponses(401, 403) },
} as const;

export const getMasterSchema = {
  tags,
  operationId: 'getMaster',
  summary: 'One master',
  security,
  params: IdParam,
  response: { 200: MasterBody, ...errorResponses(401, 403, 404) },
} as const;

export const createMasterSchema = {
  tags,
  operationId: 'createMaster',
  summary: 'Create a master',
  description: `A business has at most ${MAX_ACTIVE_MASTERS} active masters (CONTRACT.md §11): one more is 409 \`limit_reached\`.`,
  security,
  body: CreateMaster,
  response: { 201: MasterBody, ...errorResponses(400, 401, 403, 409) },
} as const;

export const updateMasterSchema = {
  tags,
  operationId: 'updateMaster',
  summary: 'Rename a master or change their services',
  security,
  params: IdParam,
  body: UpdateMaster,
  response: { 200: MasterBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const setMasterServiceTermsSchema = {
  tags,
  operationId: 'setMasterServiceTerms',
  summary: "A master's own price and duration for a service they do",
  description: 'CONTRACT.md §17. A service the master does not do is 404.',
  security,
  params: Type.Object({ id: Id, service_id: Id }),
  body: MasterServiceTerms,
  response: { 200: MasterBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const deleteMasterSchema = {
  tags,
  operationId: 'deleteMaster',
  summary: 'Delete a master',
  security,
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
