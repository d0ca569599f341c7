// `npm run levels` (tests/levels/all-levels.ts): every level at which the reference server's
// tables change, proven on both sides against the reference server answering as each level. Long,
// so not part of `npm test`. Its two stretches of levels run side by side, one per core.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/levels/*.levels.ts'],
    pool: 'threads',
    maxWorkers: 2,
    isolate: false,
    testTimeout: 3_600_000,
    // The table, one line per level and profile as it is proven, without a header per line.
    onConsoleLog(log) {
      process.stdout.write(log);
      return false;
    },
  },
});
