// `npm test`: the suite's own tests (units, the reference server, the conformance run, mutants).
// Tests start servers on loopback and share nothing, so threads without per-file isolation
// would do; the e2e files spawn the CLI, so they get forks for a clean process each.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
