import { defineConfig } from 'vitest/config';

/**
 * The editor's component tests on their own (`npx vitest run --config test/unit/web/vitest.config.ts`).
 * Each file sets `@vitest-environment jsdom`, so the root config runs them too once its include
 * lists `test/unit/**\/*.test.tsx`.
 */
export default defineConfig({
  test: {
    include: ['test/unit/web/**/*.test.tsx', 'test/unit/web/**/*.test.ts'],
    root: new URL('../../..', import.meta.url).pathname,
  },
});
