import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property-based and CLI tests spawn work; keep them bounded but not flaky on shared machines.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Forked processes, not worker threads: the CLI tests run main() in the test's process in the folder a user
    // would be in (test/support/main.ts runMainIn), and only a process can change its working directory.
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});
