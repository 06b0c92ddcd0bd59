/** The messenger, reschedule and mini-app login routes are documented in the OpenAPI reference. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.js';

const t = useTestApp();

describe('OpenAPI document', () => {
  it('lists the routes of the messenger half', async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.data.paths);
    for (const path of [
      '/api/v1/messenger/webhook',
      '/api/v1/messenger/set-webhook',
      '/api/v1/messenger/debug/webhook',
      '/api/v1/messenger/debug/subscription/{business_id}',
      '/api/v1/messenger/info',
      '/api/v1/reschedule/{booking_id}',
      '/api/v1/auth/messenger',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
