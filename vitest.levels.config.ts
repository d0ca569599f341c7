// `npm run levels` (tests/levels/all-levels.levels.ts): every level boundary of the API document,
// proven against the reference server answering as each level. Long, so not part of `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/levels/*.levels.ts'],
    pool: 'threads',
    isolate: false,
    testTimeout: 3_600_000,
    // The table, one line per level and profile as it is proven, without a header per line.
    onConsoleLog(log) {
      process.stdout.write(log);
      return false;
    },
  },
});
