// The console as a person watching a run reads it: failures as they happen, each operation's
// warnings under its line (not among other operations' lines), and a last line that carries the
// verdict word, after the paths of the reports.
import type { TestCase, TestModule, TestSuite } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import { closingLineOf, operationLine, summaryLines } from '../../src/report/writers/console-output.js';
import { ConformanceReporter } from '../../src/report/writers/vitest-reporter.js';
import { fixtureReport } from './fixture.js';

// picocolors colours only on a terminal; strip its codes anyway, whatever the test runner's stdout is.
const plain = (line: string) => line.replace(/\x1b\[[\d;]*m/g, '');

const result = (id: string, endpoint: string, extra: Partial<CaseResult> = {}): CaseResult => ({
  id,
  endpoint,
  title: id,
  file: 'specs/x.yaml',
  clauses: [],
  status: 'passed',
  durationMs: 1,
  ...extra,
});
// Just what the reporter reads of vitest's objects.
const testCase = (r: CaseResult) => ({ id: `t-${r.id}`, name: r.id, meta: () => ({ conformance: r }) }) as unknown as TestCase;
const suite = (name: string) => ({ id: `s-${name}`, name, errors: () => [] }) as unknown as TestSuite;

describe('the console', () => {
  it("prints each warning under its operation's line, failures at once, and warnings of no suite before the summary", () => {
    const lines: string[] = [];
    const reporter = new ConformanceReporter((line) => lines.push(plain(line)));
    const warned = { warnings: ['disputed clause, not a failure: GET /a [c]: expected x, got y'] };
    reporter.onTestCaseResult(testCase(result('a.warned', 'GET /a', warned)));
    reporter.onTestCaseResult(testCase(result('b.failed', 'GET /b', { status: 'failed', message: 'GET /b [c]: broken' })));
    reporter.onTestCaseResult(testCase(result('b.warned', 'GET /b', warned)));
    reporter.onTestCaseResult(testCase(result('prop.warned', 'properties', warned)));
    reporter.onTestSuiteResult(suite('GET /b'));
    reporter.onTestSuiteResult(suite('GET /a'));
    reporter.onTestRunEnd([] as TestModule[], []);
    expect(lines.map((l) => l.replace(/ {2,}/g, '  ').split(':')[0])).toEqual([
      '  FAIL b.failed\n  GET /b [c]',
      '✗ GET /b  1 passed, 1 failed',
      '  warn b.warned',
      '✓ GET /a  1 passed',
      '  warn a.warned',
      '  warn prop.warned',
    ]);
  });

  it('marks an operation whose every case was skipped as such, with no ✓', () => {
    // Before: "✓ POST /mobile_push/e2ee/test_notification  0 passed, 5 skipped", a check for what was not checked.
    const skipped = [result('op21.a', 'POST /x', { status: 'skipped' }), result('op21.b', 'POST /x', { status: 'skipped' })];
    expect(plain(operationLine('POST /x', skipped))).toMatch(/^- POST \/x +nothing ran: 2 skipped$/);
    expect(plain(operationLine('POST /x', [...skipped, result('op21.c', 'POST /x')]))).toMatch(/^✓ POST \/x +1 passed, 2 skipped$/);
  });

  it('a test reported twice (a run cancelled while vitest collects) is one result, printed once; one vitest skipped unrun is left to the plan', () => {
    const lines: string[] = [];
    const reporter = new ConformanceReporter((line) => lines.push(plain(line)));
    const unrun = { id: 't-b.unrun', name: 'b.unrun', meta: () => ({}), result: () => ({ state: 'skipped' }) } as unknown as TestCase;
    reporter.onTestCaseReady(unrun);
    reporter.onTestCaseResult(unrun);
    const failed = result('b.failed', 'GET /b', { status: 'failed', message: 'GET /b [c]: broken' });
    reporter.onTestCaseResult(testCase(failed));
    reporter.onTestCaseResult(testCase(failed));
    reporter.onTestSuiteResult(suite('GET /b'));
    reporter.onTestSuiteResult(suite('GET /b'));
    expect(reporter.results).toEqual([failed]);
    expect([...reporter.started]).toEqual([]);
    expect(lines.map((l) => l.replace(/ {2,}/g, '  ').split(':')[0])).toEqual(['  FAIL b.failed\n  GET /b [c]', '✗ GET /b  0 passed, 1 failed']);
  });

  it('ends with the verdict word and the counts, after the report paths', () => {
    const failing = summaryLines(fixtureReport(), ['/r/conformance.json', '/r/junit.xml']).map(plain);
    expect(failing.slice(-3)).toEqual([
      'report: /r/conformance.json',
      'report: /r/junit.xml',
      'FAIL: 1 passed, 1 failed, 1 skipped, 1 errored (4 cases in 1.2 s)',
    ]);
    const passing = fixtureReport({ cases: fixtureReport().cases.filter((c) => c.status === 'passed') });
    expect(summaryLines(passing, []).map(plain).at(-1)).toBe('PASS: 1 passed, 0 failed, 0 skipped, 0 errored (1 cases in 1.2 s)');
  });

  it('its closing line is found again in a whole output, with or without the verdict word', () => {
    const lines = summaryLines(fixtureReport(), ['/r/conformance.json']).map(plain);
    expect(closingLineOf(['run 1', ...lines, ''].join('\n'))).toBe('FAIL: 1 passed, 1 failed, 1 skipped, 1 errored (4 cases in 1.2 s)');
    expect(closingLineOf('x\n3 passed, 0 failed, 0 skipped, 0 errored (3 cases in 1.0 s)\n')).toBe(
      '3 passed, 0 failed, 0 skipped, 0 errored (3 cases in 1.0 s)',
    );
    expect(closingLineOf('1 passed, nothing else\nreport: x')).toBeUndefined();
  });

  it('its closing line is found in colored output too (CI sets FORCE_COLOR)', () => {
    const colored = '\x1b[32mPASS\x1b[39m: 3 passed, 0 failed, 0 skipped, 0 errored (3 cases in 1.0 s)\n';
    expect(closingLineOf(colored)).toBe('PASS: 3 passed, 0 failed, 0 skipped, 0 errored (3 cases in 1.0 s)');
  });
});
