// @ts-check
// `npm run mutation`: StrykerJS mutates what decides a verdict (the engine's judging and the
// report model) and runs the fast unit tests (vitest.mutation.config.ts) against each mutant.
// A mutant no test kills is a bug the suite would not notice: kill it with a unit test that
// states the rule, or mark it equivalent where it is (CONTRIBUTING.md, "Mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/engine/**/*.ts',
    '!src/engine/types.ts', // types only: nothing to mutate
    '!src/engine/locks.ts', // when cases run (semaphore, readers-writer lock), not what they decide
    '!src/engine/suite-cache.ts', // a file cache of the loaded suite: IO
    '!src/engine/load.ts', // reads and parses the spec files; the rules it applies to citations are citations.ts, mutated
    '!src/engine/validate.ts', // turns ajv's first error on a spec file into a file:line message for its author
    '!src/engine/yaml-source.ts', // the YAML library parses; this only finds the line for an error message
    'src/report/model.ts',
    'src/report/verdict.ts',
    'src/report/baseline.ts',
    'src/report/compare.ts',
    'src/report/merge.ts',
  ],
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The console lists the survivors (file:line, mutator, the replacement), not every test.
  clearTextReporter: { reportTests: false, logTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  concurrency: 2,
};
