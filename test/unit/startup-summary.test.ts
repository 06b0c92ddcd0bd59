import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startupSummary } from '../../src/startup-summary.js';

describe('start-up summary', () => {
  it('names the pages and every optional part that is off', () => {
    const lines = startupSummary(loadConfig({ JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://salon.kz' }), 'pglite');
    expect(lines[0]).toBe('booking service on https://salon.kz (database: pglite)');
    expect(lines[1]).toContain('https://salon.kz/admin');
    expect(lines[1]).toContain('https://salon.kz/{slug}');
    expect(lines[1]).toContain('https://salon.kz/api/docs');
    for (const part of ['BOT_TOKEN', 'CAPTCHA_SECRET', 'MAP_API_KEY', 'SUPERADMIN_USERNAME', 'REDIS_URL', 'METRICS_TOKEN'])
      expect(lines[2]).toContain(part);
  });

  it('says so when everything is on', () => {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      BOT_TOKEN: '1:a',
      BOT_USERNAME: 'bot',
      CAPTCHA_SECRET: 's',
      MAP_API_KEY: 'k',
      SUPERADMIN_USERNAME: 'root',
      SUPERADMIN_PASSWORD: 'pw',
      REDIS_URL: 'redis://127.0.0.1:6379',
      METRICS_TOKEN: 'm',
    });
    expect(startupSummary(config, 'postgres')[2]).toBe('every optional part is on');
  });
});
