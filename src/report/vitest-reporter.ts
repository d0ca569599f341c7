// The vitest reporter of a conformance run: it only consumes vitest's events, collects each
// case's CaseResult (from task.meta) and prints progress. Writing files is the report writers' job.
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';
import type { CaseResult } from '../engine/run-case.js';
import { caseLine, explainedCaseLine, operationLine, type Write } from './console-output.js';
import type { Explain } from './explained.js';

export class ConformanceReporter implements Reporter {
  readonly results: CaseResult[] = [];
  readonly runWarnings: string[] = [];
  private readonly byOperation = new Map<string, CaseResult[]>();

  /** `explain`: the failures the baseline or expectations explain, printed as known or expected. */
  constructor(private readonly write: Write, private readonly explain: Explain = () => null) {}

  onTestCaseResult(testCase: TestCase): void {
    const result = resultOf(testCase);
    if (!result) return;
    this.results.push(result);
    const list = this.byOperation.get(result.endpoint) ?? [];
    list.push(result);
    this.byOperation.set(result.endpoint, list);
    const explanation = this.explain(result);
    const line = explanation ? explainedCaseLine(result, explanation) : caseLine(result);
    if (line) this.write(line);
  }

  onTestSuiteResult(testSuite: TestSuite): void {
    const results = this.byOperation.get(testSuite.name);
    if (results) this.write(operationLine(testSuite.name, results, this.explain));
    for (const error of testSuite.errors()) this.runWarnings.push(`${testSuite.name}: ${error.message}`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const module of modules) for (const error of module.errors()) this.runWarnings.push(`${module.moduleId}: ${error.message}`);
    for (const error of unhandledErrors) this.runWarnings.push(`unhandled error: ${error.message ?? String(error)}`);
  }
}

/** The CaseResult a test carried; a test that crashed before setting it is reported as errored. */
function resultOf(testCase: TestCase): CaseResult | null {
  const meta = testCase.meta().conformance;
  if (meta) return meta;
  const state = testCase.result().state;
  if (state === 'pending') return null;
  const error = testCase.result().errors?.[0]?.message ?? 'the case crashed before it was judged';
  return {
    id: testCase.name, endpoint: testCase.parent.type === 'suite' ? testCase.parent.name : 'unknown', title: testCase.name,
    file: testCase.module.moduleId, clauses: [], status: state === 'skipped' ? 'skipped' : 'errored', message: error,
    durationMs: testCase.diagnostic()?.duration ?? 0,
  };
}
