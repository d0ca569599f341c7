// `npm test`: the suite's own tests (units, the reference server, the conformance run, mutants).
// Test files start their own servers on ephemeral loopback ports and share no mutable state, so
// they run without per-file isolation (130-170 ms saved per file). Most of a mutant's or an
// end-to-end run's time is spent waiting on timers and sockets, not the CPU, so tests marked
// concurrent run 16 at a time.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    pool: 'threads',
    isolate: false,
    maxConcurrency: 16,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
