import type { Config } from '../../config.js';
import { DomainError, fieldError } from '../../core/errors.js';

export const CAPTCHA_FAILED = 'Captcha verification failed';

/**
 * CONTRACT.md §3: with CAPTCHA_SECRET set, a missing or failed token is 400;
 * without it the check is skipped. The verifier is any siteverify-compatible
 * endpoint (form fields secret, response, remoteip; JSON {success}).
 */
export async function verifyCaptcha(config: Config, token: string | undefined, remoteIp: string): Promise<void> {
  if (!config.captchaSecret) return;
  if (!token) throw fieldError('captcha_failed', CAPTCHA_FAILED, 'captcha_token');
  let success: boolean;
  try {
    const response = await fetch(config.captchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.captchaSecret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5000),
    });
    // A verifier that answers non-2xx is down, not a verdict on the token: 502 like a network error.
    if (!response.ok) throw new Error(`captcha verifier answered ${response.status}`);
    const body = (await response.json()) as { success?: unknown };
    success = body.success === true;
  } catch {
    throw new DomainError('captcha_unavailable', 'Captcha verifier unavailable');
  }
  if (!success) throw fieldError('captcha_failed', CAPTCHA_FAILED, 'captcha_token');
}
