import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/unit/**/*.test.tsx',
      'test/integration/**/*.test.ts',
      'test/contract/**/*.test.ts',
      'test/infra/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
    ],
    globalSetup: ['test/support/cli-bundle-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores (a single worker on 2 cores). Much of
    // the suite waits on child processes, sockets and bounded retries rather than the CPU, so one
    // worker per core overlaps those waits.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
