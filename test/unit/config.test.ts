import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'booking-config-'));

describe('loadConfig', () => {
  it('has the defaults of CONTRACT.md §1 with an empty environment', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir,
      botToken: undefined,
      botUsername: undefined,
      telegramApiUrl: 'https://api.telegram.org',
      // CONTRACT.md §11: derived from the JWT secret when TELEGRAM_WEBHOOK_SECRET is unset.
      telegramWebhookSecret: createHmac('sha256', config.jwtSecret).update('telegram-webhook-secret').digest('hex'),
      mapApiUrl: 'https://catalog.api.2gis.com',
      mapApiKey: undefined,
      captchaSecret: undefined,
      captchaVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      superadminUsername: undefined,
      superadminPassword: undefined,
      appTimezone: 'Asia/Almaty',
      publicUrl: 'http://localhost:8080',
      corsOrigins: ['http://localhost:8080'],
      rateLimits: { login: 10, register: 5, superadminLogin: 5, booking: 20, location: 60 },
      logLevel: 'info',
      availabilityCache: true,
    });
  });

  it('DATA_DIR defaults to ./data', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(config.dataDir).toBe(join(process.cwd(), 'data'));
  });

  it('generates JWT_SECRET once into DATA_DIR (mode 600) and reuses it', () => {
    const dataDir = join(tempDir(), 'nested');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt_secret');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('a JWT_SECRET from the environment wins and writes nothing', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'from-env-secret' }).jwtSecret).toBe('from-env-secret');
    expect(existsSync(join(dataDir, 'jwt_secret'))).toBe(false);
  });

  it('blank values count as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), BOT_TOKEN: '  ', DATABASE_URL: '', PORT: '' });
    expect(config.botToken).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(8080);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db/x',
      BOT_TOKEN: '123:abc',
      BOT_USERNAME: '@salon_bot',
      TELEGRAM_API_URL: 'http://127.0.0.1:5555/',
      TELEGRAM_WEBHOOK_SECRET: 'hook',
      MAP_API_URL: 'http://127.0.0.1:6666//',
      MAP_API_KEY: 'key',
      CAPTCHA_SECRET: 'cs',
      CAPTCHA_SITE_KEY: 'ck',
      CAPTCHA_VERIFY_URL: 'http://127.0.0.1:7777/verify',
      SUPERADMIN_USERNAME: 'root',
      SUPERADMIN_PASSWORD: 'pw',
      APP_TIMEZONE: 'Asia/Aqtobe',
      PUBLIC_URL: 'https://booking.kz/',
      CORS_ORIGINS: 'https://a.kz/, https://b.kz',
      RATE_LIMIT_LOGIN: '1',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_SUPERADMIN_LOGIN: '3',
      RATE_LIMIT_BOOKING: '0',
      RATE_LIMIT_LOCATION: '5',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db/x',
      botToken: '123:abc',
      botUsername: 'salon_bot',
      telegramApiUrl: 'http://127.0.0.1:5555',
      telegramWebhookSecret: 'hook',
      mapApiUrl: 'http://127.0.0.1:6666',
      mapApiKey: 'key',
      captchaSecret: 'cs',
      captchaSiteKey: 'ck',
      captchaVerifyUrl: 'http://127.0.0.1:7777/verify',
      superadminUsername: 'root',
      superadminPassword: 'pw',
      appTimezone: 'Asia/Aqtobe',
      publicUrl: 'https://booking.kz',
      corsOrigins: ['https://a.kz', 'https://b.kz'],
      rateLimits: { login: 1, register: 2, superadminLogin: 3, booking: 0, location: 5 },
      logLevel: 'warn',
    });
  });

  it('PUBLIC_URL follows PORT by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['RATE_LIMIT_BOOKING', '1.5'],
    ['RATE_LIMIT_LOGIN', 'many'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(name);
  });

  it('refuses an unknown APP_TIMEZONE', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), APP_TIMEZONE: 'Mars/Olympus' })).toThrow('APP_TIMEZONE');
  });

  it('AVAILABILITY_CACHE turns the slots cache off with 0 or false, and refuses anything else', () => {
    for (const off of ['0', 'false', 'OFF'])
      expect(loadConfig({ DATA_DIR: tempDir(), AVAILABILITY_CACHE: off }).availabilityCache).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), AVAILABILITY_CACHE: '1' }).availabilityCache).toBe(true);
    expect(() => loadConfig({ DATA_DIR: tempDir(), AVAILABILITY_CACHE: 'maybe' })).toThrow('AVAILABILITY_CACHE');
  });

  it('TRUST_PROXY=true is refused, naming the hop count to use instead; a count or addresses are taken', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(/hop count.*TRUST_PROXY=1/);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});
