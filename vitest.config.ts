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
    // As package.json's scripts start the service (docs/scanner.md, "Throughput"): the scanner's tests run a quarter faster.
    execArgv: ['--no-regexp-tier-up'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
