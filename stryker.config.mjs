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
    // What judges an answer and what runs a case's steps, whole.
    'src/engine/judge/**/*.ts',
    '!src/engine/judge/precompiled-schemas.ts', // writes generated validator code at build time: IO
    'src/engine/run/**/*.ts',
    // Of loading, the rules a spec file must keep (its citations, its event steps, the created
    // resources, the statement kinds' data); reading, parsing and caching the files is IO.
    'src/engine/load/citations.ts',
    'src/engine/load/event-steps.ts',
    'src/engine/load/created-resources.ts',
    'src/engine/load/retired-facts.ts',
    'src/engine/load/statement-kinds.ts',
    // The report model: the verdict and what the cross-run tools decide.
    'src/report/model/model.ts',
    'src/report/model/verdict.ts',
    'src/report/model/baseline.ts',
    'src/report/cross-run/compare.ts',
    'src/report/cross-run/merge.ts',
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
