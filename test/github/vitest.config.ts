import { defineConfig } from 'vitest/config';

/**
 * `npm run test:github`: the GitHost, PullHost and ReviewHost contracts against a real GitHub (see
 * docs/testing.md). One file, one repository: nothing runs in parallel, and GitHub's round trips
 * take longer than the local host's.
 */
export default defineConfig({
  test: {
    include: ['test/github/**/*.test.ts'],
    globalSetup: ['test/github/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
