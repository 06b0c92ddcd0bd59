import type { Config } from '../../config.js';
import type { PublicConfigBody } from './public-config.schemas.js';

/** What a browser may know of the configuration: public keys only, never a secret. */
export function readPublicConfig(config: Config): PublicConfigBody {
  return {
    captcha_site_key: config.captchaSecret ? (config.captchaSiteKey ?? null) : null,
    bot_username: config.botUsername ?? null,
    timezone: config.appTimezone,
  };
}
