import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { DomainError, notAuthenticated } from '../../core/errors.js';

export const PROVIDER_TOKEN_MINUTES = 11520;
export const SUPERADMIN_TOKEN_MINUTES = 24 * 60;

export type Role = 'ADMIN' | 'CUSTOMER';

/**
 * How a session began (claim `via`): the owner's password (login, registration, a reset link) or
 * Telegram (POST /auth/messenger). A token without the claim counts as Telegram: least power.
 */
export type SessionOrigin = 'password' | 'telegram';

export interface SignableUser {
  id: number;
  role: Role;
  businessId: number | null;
  tokenVersion: number;
  telegramTokenVersion: number;
}

export interface SuperAdminCredentials {
  username: string | undefined;
  password: string | undefined;
}

export interface UserClaims {
  kind: 'user';
  userId: number;
  role: Role;
  businessId: number | null;
  /** The user's token_version when the token was issued (claim `ver`; tokens from before it count as 0). */
  tokenVersion: number;
  via: SessionOrigin;
  /** The user's telegram_token_version when the token was issued (claim `tgv`, 0 when absent). */
  telegramTokenVersion: number;
}

export interface SuperAdminClaims {
  kind: 'superadmin';
}

/** A master's token (CONTRACT.md §16): claims role MASTER, business_id, master_id and the master's token version (`mver`). */
export interface MasterClaims {
  kind: 'master';
  masterId: number;
  businessId: number;
  tokenVersion: number;
}

export interface SignableMaster {
  id: number;
  businessId: number;
  tokenVersion: number;
}

export type TokenClaims = UserClaims | SuperAdminClaims | MasterClaims;

/** A master token's subject: never a number, so it can never be read as a user id. */
const MASTER_SUBJECT = /^master:(\d{1,10})$/;

const ALGORITHM = 'HS256';

const integerClaim = (value: unknown): number => {
  const number = value ?? 0;
  if (!Number.isInteger(number)) throw notAuthenticated('Invalid token');
  return number as number;
};

function masterClaims(payload: Record<string, unknown>): MasterClaims {
  const subject = MASTER_SUBJECT.exec(String(payload.sub));
  const masterId = payload.master_id;
  const businessId = payload.business_id;
  if (!subject || Number(subject[1]) !== masterId || !Number.isInteger(masterId) || !Number.isInteger(businessId)) {
    throw notAuthenticated('Invalid token');
  }
  return { kind: 'master', masterId: masterId as number, businessId: businessId as number, tokenVersion: integerClaim(payload.mver) };
}

export class TokenService {
  private readonly key: Uint8Array;
  /** What a super-admin token must carry: it ends when either credential changes or goes (CONTRACT.md §11, third pass). */
  private readonly superAdminFingerprint: string | undefined;

  constructor(
    secret: string,
    private readonly nowSeconds: () => number,
    superAdmin: SuperAdminCredentials = { username: undefined, password: undefined },
  ) {
    this.key = new TextEncoder().encode(secret);
    this.superAdminFingerprint =
      superAdmin.username && superAdmin.password
        ? createHmac('sha256', secret).update(`superadmin\0${superAdmin.username}\0${superAdmin.password}`).digest('base64url')
        : undefined;
  }

  private isCurrentSuperAdmin(fingerprint: unknown): boolean {
    if (!this.superAdminFingerprint || typeof fingerprint !== 'string') return false;
    const expected = Buffer.from(this.superAdminFingerprint);
    const given = Buffer.from(fingerprint);
    return expected.length === given.length && timingSafeEqual(expected, given);
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

  signUser(user: SignableUser, via: SessionOrigin): Promise<string> {
    const claims = { role: user.role, business_id: user.businessId, ver: user.tokenVersion, via, tgv: user.telegramTokenVersion };
    return this.sign(claims, String(user.id), PROVIDER_TOKEN_MINUTES);
  }

  /** A master's token, as long as staff's in SPEC.md. */
  signMaster(master: SignableMaster): Promise<string> {
    const claims = { role: 'MASTER', business_id: master.businessId, master_id: master.id, mver: master.tokenVersion };
    return this.sign(claims, `master:${master.id}`, PROVIDER_TOKEN_MINUTES);
  }

  /** Only while both credentials are set (login answers 503 otherwise). */
  signSuperAdmin(): Promise<string> {
    return this.sign({ isSuperAdmin: true, fp: this.superAdminFingerprint }, 'superadmin', SUPERADMIN_TOKEN_MINUTES);
  }

  /** Verifies an HS256 token with a required exp; anything else is a 401. */
  async verify(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.nowSeconds() * 1000),
      });
      if (payload.isSuperAdmin === true && payload.sub === 'superadmin') {
        if (!this.isCurrentSuperAdmin(payload.fp)) throw notAuthenticated('Super-admin credentials changed, log in again');
        return { kind: 'superadmin' };
      }
      if (payload.role === 'MASTER') return masterClaims(payload);
      const userId = Number(payload.sub);
      const role = payload.role;
      const businessId = payload.business_id;
      if (!Number.isInteger(userId) || (role !== 'ADMIN' && role !== 'CUSTOMER')) throw notAuthenticated('Invalid token');
      if (businessId !== null && businessId !== undefined && !Number.isInteger(businessId)) throw notAuthenticated('Invalid token');
      return {
        kind: 'user',
        userId,
        role,
        businessId: (businessId as number | null | undefined) ?? null,
        tokenVersion: integerClaim(payload.ver),
        via: payload.via === 'password' ? 'password' : 'telegram',
        telegramTokenVersion: integerClaim(payload.tgv),
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw notAuthenticated('Token expired');
      if (error instanceof DomainError) throw error;
      throw notAuthenticated('Invalid token');
    }
  }
}
