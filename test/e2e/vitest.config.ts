import { defineConfig } from 'vitest/config';

/** `npm run test:e2e`: the editor in Debian's Chromium against local mode on a temporary data dir. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
