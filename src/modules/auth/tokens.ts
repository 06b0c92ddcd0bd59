import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { notAuthenticated } from '../../core/errors.js';

export const PROVIDER_TOKEN_MINUTES = 11520;
export const SUPERADMIN_TOKEN_MINUTES = 24 * 60;

export type Role = 'ADMIN' | 'CUSTOMER';

export interface UserClaims {
  kind: 'user';
  userId: number;
  role: Role;
  businessId: number | null;
  /** The user's token_version when the token was issued (claim `ver`; tokens from before it count as 0). */
  tokenVersion: number;
}

export interface SuperAdminClaims {
  kind: 'superadmin';
}

export type TokenClaims = UserClaims | SuperAdminClaims;

const ALGORITHM = 'HS256';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly nowSeconds: () => number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  private sign(payload: Record<string, unknown>, subject: string, minutes: number): Promise<string> {
    const issuedAt = this.nowSeconds();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + minutes * 60)
      .sign(this.key);
  }

  signUser(user: { id: number; role: Role; businessId: number | null; tokenVersion: number }): Promise<string> {
    return this.sign({ role: user.role, business_id: user.businessId, ver: user.tokenVersion }, String(user.id), PROVIDER_TOKEN_MINUTES);
  }

  signSuperAdmin(): Promise<string> {
    return this.sign({ isSuperAdmin: true }, 'superadmin', SUPERADMIN_TOKEN_MINUTES);
  }

  /** Verifies an HS256 token with a required exp; anything else is a 401. */
  async verify(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.nowSeconds() * 1000),
      });
      if (payload.isSuperAdmin === true && payload.sub === 'superadmin') return { kind: 'superadmin' };
      const userId = Number(payload.sub);
      const role = payload.role;
      const businessId = payload.business_id;
      if (!Number.isInteger(userId) || (role !== 'ADMIN' && role !== 'CUSTOMER')) throw notAuthenticated('Invalid token');
      if (businessId !== null && businessId !== undefined && !Number.isInteger(businessId)) throw notAuthenticated('Invalid token');
      const version = payload.ver ?? 0;
      if (!Number.isInteger(version)) throw notAuthenticated('Invalid token');
      return { kind: 'user', userId, role, businessId: (businessId as number | null | undefined) ?? null, tokenVersion: version as number };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw notAuthenticated('Token expired');
      throw notAuthenticated('Invalid token');
    }
  }
}
