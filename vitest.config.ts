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
    // One module graph per worker, not one per file: importing src/ (and building its grammars) again for every
    // file cost more CPU than most files' tests. Measured on 43 files that spawn nothing (747 tests): 52 s of CPU
    // with isolate, 20-26 s without (threads with isolate: 47 s). No test leaves process-wide state behind:
    // runMain and runMainIn put back the streams, the working directory and the environment they change, and the
    // one module mock (node:crypto in hostile-output) passes every call through to the real module.
    isolate: false,
    // vitest's default for `run` is one worker fewer than the cores: one worker on a 2-core CI machine, leaving a
    // core to the children some tests spawn and otherwise idle. Every core runs test files.
    maxWorkers: '100%',
    globalSetup: ['test/global-setup.ts'],
  },
});
