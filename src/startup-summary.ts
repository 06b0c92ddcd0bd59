/** What the start-up log tells an operator: where the pages are, and which optional parts are off and why. */
import type { Config } from './config.js';

export function startupSummary(config: Config, databaseKind: string): string[] {
  const off = [
    !config.botToken && 'Telegram bot (BOT_TOKEN unset: notifications skipped, mini-app login 503)',
    config.botToken && !config.botUsername && 'Telegram links (BOT_USERNAME unset)',
    !config.captchaSecret && 'captcha (CAPTCHA_SECRET unset)',
    !config.mapApiKey && 'address suggestions (MAP_API_KEY unset: /location answers 502)',
    !(config.superadminUsername && config.superadminPassword) && 'super admin (SUPERADMIN_USERNAME/SUPERADMIN_PASSWORD unset)',
    !config.redisUrl && 'shared rate limits (REDIS_URL unset: counted per instance)',
    !config.metricsToken && 'metrics (METRICS_TOKEN unset: /metrics is 404)',
    !config.availabilityCache && 'slots cache (AVAILABILITY_CACHE=0)',
  ].filter((part): part is string => typeof part === 'string');
  return [
    `booking service on ${config.publicUrl} (database: ${databaseKind})`,
    `pages: ${config.publicUrl}/admin (owner panel), ${config.publicUrl}/{slug} (booking page), ${config.publicUrl}/app (mini app), ${config.publicUrl}/superadmin, ${config.publicUrl}/api/docs (API reference)`,
    off.length === 0 ? 'every optional part is on' : `off: ${off.join('; ')}`,
  ];
}
