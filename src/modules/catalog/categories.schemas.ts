import { Type } from '@sinclair/typebox';
import { CategoryBody, errorResponses, IdParam, NonBlank } from '../../http/schemas.js';
import { bearerSecurity as security } from '../../http/openapi-security.js';

const tags = ['catalog'];
const CategoryInput = Type.Object({ name: NonBlank(200) }, { additionalProperties: false });

export const listCategoriesSchema = {
  tags,
  operationId: 'listCategories',
  summary: 'Service categories of the business',
  security,
  response: { 200: Type.Array(CategoryBody), ...errorResponses(401, 403) },
} as const;

export const createCategorySchema = {
  tags,
  operationId: 'createCategory',
  summary: 'Create a category',
  security,
  body: CategoryInput,
  response: { 201: CategoryBody, ...errorResponses(400, 401, 403) },
} as const;

export const updateCategorySchema = {
  tags,
  operationId: 'updateCategory',
  summary: 'Rename a category',
  security,
  params: IdParam,
  body: CategoryInput,
  response: { 200: CategoryBody, ...errorResponses(400, 401, 403, 404) },
} as const;

export const deleteCategorySchema = {
  tags,
  operationId: 'deleteCategory',
  summary: 'Delete a category',
  security,
  params: IdParam,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
} as const;
