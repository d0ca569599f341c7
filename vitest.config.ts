// `npm test`: the suite's own tests (units, the reference server, the conformance run, mutants).
// Test files start their own servers on ephemeral loopback ports and share no mutable state, so
// they run without per-file isolation (STACK.md: 130-170 ms saved per file).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    pool: 'threads',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
