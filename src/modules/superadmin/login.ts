import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../core/errors.js';

/** Equal-length digests, so the comparison takes the same time whatever the input. */
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** SUPERADMIN_USERNAME/PASSWORD: unset → 503 (CONTRACT.md §1); a wrong pair → 401. */
function checkSuperAdmin(config: Config, username: string, password: string): void {
  const { superadminUsername, superadminPassword } = config;
  if (!superadminUsername || !superadminPassword) throw new DomainError('not_configured', 'Super admin login is not configured');
  // Both comparisons always run: no early exit that tells a right username from a wrong one.
  const userOk = sameSecret(username, superadminUsername);
  const passwordOk = sameSecret(password, superadminPassword);
  if (!(userOk && passwordOk)) throw new DomainError('invalid_credentials', 'Invalid username or password');
}

/** A super-admin token for the configured username and password (POST /superadmin/login). */
export async function logInSuperAdmin(ctx: Pick<AppContext, 'config' | 'tokens'>, username: string, password: string) {
  checkSuperAdmin(ctx.config, username, password);
  return { access_token: await ctx.tokens.signSuperAdmin(), token_type: 'bearer' as const };
}
