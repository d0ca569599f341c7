// `npm run mutation`: the test set Stryker runs against each mutant of the engine and the report
// model (stryker.config.mjs). Only the fast unit tests: no server, no network, so that a mutant
// is judged by one short vitest run of the tests that reach its line (the whole run, ~2,400
// mutants, takes 7-8 minutes on two cores).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Not tests/report: it builds its fixtures while vitest collects, where Stryker activates a
    // mutant for every test at once (a slow "static" run) and a mutant that throws fails no test.
    // The report model's rules are stated inside tests in tests/unit (report-model, compare-merge-rules).
    include: ['tests/unit/**/*.test.ts'],
    exclude: [
      // These start servers (HTTP stubs, the reference server) to test the HTTP client and a
      // whole run; `npm test` runs them. Their engine checks have pure unit tests here.
      'tests/unit/http-client.test.ts',
      'tests/unit/multipart.test.ts',
      'tests/unit/event-steps.test.ts',
      // Waits for fixtures to age against the reference server (the Session's scheduling, not judged here).
      'tests/unit/aging-fixtures.test.ts',
      // Checks the project's schema files against the catalog and the specs (a second a run);
      // the engine's schema glue has schema-findings.test.ts.
      'tests/unit/schemas.test.ts',
      // Reads every spec file for the statement kinds' coverage (a test over the specs, not the engine).
      'tests/unit/statement-kinds-coverage.test.ts',
    ],
    pool: 'threads',
    isolate: false,
    // A machine busy with other work can take over vitest's default 5 s for the few tests that
    // start a server (session-slots); a timed-out dry run would stop the whole mutation run.
    testTimeout: 30_000,
  },
});
