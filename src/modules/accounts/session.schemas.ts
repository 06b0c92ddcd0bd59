/** The answer of every login of this module (auth, password, messenger-auth schemas). */
import { Type } from '@sinclair/typebox';
import { BusinessBody, UserBody } from '../../http/schemas.js';

export const TokenFields = { access_token: Type.String(), token_type: Type.Literal('bearer') };
export const SessionBody = Type.Object({ ...TokenFields, user: UserBody, business: BusinessBody });
