// The vitest reporter of a conformance run: it only consumes vitest's events, collects each
// case's CaseResult (from task.meta) and prints progress: each failure as it happens, a line per
// operation with its cases' warnings under it, and on a terminal a live line of cases done.
// Writing files is the report writers' job.
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';
import type { CaseResult } from '../../engine/run/run-case.js';
import { caseLine, explainedCaseLine, noteLine, operationLine, progressLine, type Write } from './console-output.js';
import type { Explain } from '../model/explained.js';
import type { LiveLine } from './live-line.js';

export interface ReporterOptions {
  /** The failures the baseline or expectations explain, printed as known or expected. */
  explain?: Explain;
  /** On a terminal: the live progress line (cases done / total, failing, elapsed since startedAt). */
  live?: LiveLine | null;
  startedAt?: number;
}

export class ConformanceReporter implements Reporter {
  readonly results: CaseResult[] = [];
  readonly runWarnings: string[] = [];
  /** The cases that started (an interrupted run tells those cut short from those never started). */
  readonly started = new Set<string>();
  /** Where each test's result is in `results`, by vitest's id: a test is reported once. */
  private readonly at = new Map<string, number>();
  private readonly suitesDone = new Set<string>();
  private readonly byOperation = new Map<string, CaseResult[]>();
  /** Warnings waiting for their operation's line, by operation. */
  private readonly notes = new Map<string, string[]>();
  private readonly explain: Explain;
  private total = 0;
  private failing = 0;

  constructor(
    private readonly write: Write,
    private readonly options: ReporterOptions = {},
  ) {
    this.explain = options.explain ?? (() => null);
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.total += [...testModule.children.allTests()].length;
    this.options.live?.every(() => this.progress());
    this.options.live?.set(this.progress());
  }

  onTestCaseReady(testCase: TestCase): void {
    // A test vitest reports ready already skipped never started (a run cancelled while collecting).
    if (testCase.result().state !== 'skipped') this.started.add(testCase.name);
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = resultOf(testCase);
    if (!result) return;
    // A run cancelled while vitest collected its tests reports each test twice (vitest 4.1: once
    // from the worker, once as a skipped child of its module): the later result stands, once.
    const index = this.at.get(testCase.id);
    if (index !== undefined) {
      this.results[index] = result;
      return;
    }
    this.at.set(testCase.id, this.results.length);
    this.results.push(result);
    if ((result.status === 'failed' || result.status === 'errored') && !this.explain(result)) this.failing += 1;
    this.options.live?.set(this.progress());
    const list = this.byOperation.get(result.endpoint) ?? [];
    list.push(result);
    this.byOperation.set(result.endpoint, list);
    const explanation = this.explain(result);
    const line = explanation ? explainedCaseLine(result, explanation) : caseLine(result);
    if (line) this.write(line);
    const note = noteLine(result);
    if (note) this.notes.set(result.endpoint, [...(this.notes.get(result.endpoint) ?? []), note]);
  }

  onTestSuiteResult(testSuite: TestSuite): void {
    if (this.suitesDone.has(testSuite.id)) return;
    this.suitesDone.add(testSuite.id);
    const results = this.byOperation.get(testSuite.name);
    if (results) this.write(operationLine(testSuite.name, results, this.explain));
    this.writeNotes(testSuite.name);
    for (const error of testSuite.errors()) this.runWarnings.push(`${testSuite.name}: ${error.message}`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    // Warnings of a case outside any operation's suite: together, before the summary.
    for (const operation of [...this.notes.keys()]) this.writeNotes(operation);
    this.options.live?.clear();
    for (const module of modules) for (const error of module.errors()) this.runWarnings.push(`${module.moduleId}: ${error.message}`);
    for (const error of unhandledErrors) this.runWarnings.push(`unhandled error: ${error.message ?? JSON.stringify(error)}`);
  }

  private writeNotes(operation: string): void {
    for (const note of this.notes.get(operation) ?? []) this.write(note);
    this.notes.delete(operation);
  }

  private progress(): string {
    return progressLine(this.results.length, this.total, this.failing, Date.now() - (this.options.startedAt ?? Date.now()));
  }
}

/**
 * The CaseResult a test carried; a test that crashed before setting it is reported as errored.
 * One vitest skipped without running it (a cancelled run) has none: the run reports it from its
 * plan, as not started (commands/run/planned-cases.ts).
 */
function resultOf(testCase: TestCase): CaseResult | null {
  const meta = testCase.meta().conformance;
  if (meta) return meta;
  const state = testCase.result().state;
  if (state === 'pending' || state === 'skipped') return null;
  const error = testCase.result().errors?.[0]?.message ?? 'the case crashed before it was judged';
  return {
    id: testCase.name,
    endpoint: testCase.parent.type === 'suite' ? testCase.parent.name : 'unknown',
    title: testCase.name,
    file: testCase.module.moduleId,
    clauses: [],
    status: 'errored',
    message: error,
    durationMs: testCase.diagnostic()?.duration ?? 0,
  };
}
