import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property-based and CLI tests spawn work; keep them bounded but not flaky on shared machines.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'threads',
    globalSetup: ['test/global-setup.ts'],
  },
});
