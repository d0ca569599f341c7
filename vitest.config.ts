// `npm test`: the suite's own tests (units, the reference server, the conformance run, mutants).
// Test files start their own servers on ephemeral loopback ports and share no mutable state, so
// they run without per-file isolation (130-170 ms saved per file). Most of a mutant's or an
// end-to-end run's time is spent waiting on timers and sockets, not the CPU, so tests marked
// concurrent run 16 at a time, and test files run at least three at once even on two cores
// (vitest's default there is one worker: 420 s for what three do in 130 s). A test's time limit
// catches a hang, not a busy machine: 60 s on an idle one, times how busy this one is
// (tests/support/time-limits.ts).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { scaled } from './tests/support/time-limits.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    pool: 'threads',
    isolate: false,
    maxConcurrency: 16,
    maxWorkers: Math.max(3, availableParallelism()),
    testTimeout: scaled(60_000),
    hookTimeout: scaled(60_000),
  },
});
