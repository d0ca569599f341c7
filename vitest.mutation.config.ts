// `npm run mutation`: the test set Stryker runs against each mutant of the engine and the report
// model (stryker.config.mjs). Only the fast unit tests and the report model's pure tests: no server, no network, so that a mutant
// is judged in milliseconds and the whole run stays near two minutes on two cores.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      // The report model's tests that need no server: compare, merge, baseline and the verdict.
      'tests/report/compare-merge.test.ts',
      'tests/report/run-logic.test.ts',
      'tests/report/expectations.test.ts',
      'tests/report/failure-groups.test.ts',
      'tests/report/coverage.test.ts',
    ],
    exclude: [
      // These start servers (HTTP stubs, the reference server) to test the HTTP client and a
      // whole run; `npm test` runs them. Their engine checks have pure unit tests here.
      'tests/unit/http-client.test.ts',
      'tests/unit/multipart.test.ts',
      'tests/unit/event-steps.test.ts',
    ],
    pool: 'threads',
    isolate: false,
  },
});
