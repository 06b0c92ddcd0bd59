/**
 * Generates web/src/shared/api-types.ts from the server's own OpenAPI document
 * by running openapi-typescript over it. `npm run gen:api`.
 */
import { API_TYPES_FILE, writeApiTypes } from './api-types.js';
import { openapiDocument } from './openapi-document.js';

writeApiTypes(await openapiDocument(), API_TYPES_FILE);
