import { defineConfig } from 'vitest/config';

/**
 * npm run test:cluster: the built service, three instances on one PostgreSQL
 * database and Redis behind HAProxy (test/cluster). Not part of `npm test`
 * (it needs the build, haproxy and Redis); .ci/run runs it after `npm test`.
 */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    globalSetup: ['test/cluster/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
