import { defineConfig } from 'vitest/config';

// DynamoDB Local (Java 17+) checks the DynamoDB adapter against AWS's own emulator.
export default defineConfig({
  test: {
    include: ['test/dynamodb-local/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
