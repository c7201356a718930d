import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The skill corpora are data: a file a blind author named *.test.ts is not a test of ours.
    exclude: ['node_modules/**', 'test/fixtures/**'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more forks than that only adds contention against the shared servers.
    pool: 'forks',
    maxWorkers: 2,
    // V8's flag that package.json's scripts start the service with (docs/scanner.md, "V8's regexp tier-up"), so the scanner is tested as it runs.
    execArgv: ['--no-regexp-tier-up'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
