// schemas/conformance-report.schema.json describes conformance.json (formatVersion 1): what the
// writers produce matches it, what breaks the format does not, and additive fields stay valid.
import { describe, expect, it } from 'vitest';
import { jsonWriter } from '../../src/report/writers/write-reports.js';
import { fixtureReport } from '../report/fixture.js';
import { reportFormatProblems } from '../support/report-format.js';

const report = () => JSON.parse(jsonWriter(fixtureReport()).content);

describe('the report schema', () => {
  it('accepts what the JSON writer writes, with a baseline, expectations and a shard', () => {
    expect(reportFormatProblems(report())).toEqual([]);
    const full = fixtureReport({
      shard: { index: 1, count: 2 },
      baseline: { file: 'B.json', knownFailures: ['op1.fail'], regressions: [], improvements: [] },
      expectations: {
        file: 'e.yaml',
        expected: [],
        stale: [],
        expired: [{ id: 'x', expires: '2026-01-01' }],
        unknown: [],
        updated: { added: [], removed: [] },
      },
    });
    expect(reportFormatProblems(JSON.parse(jsonWriter(full).content))).toEqual([]);
  });

  it('rejects another format version, a missing summary, an unknown status and a case without an id', () => {
    expect(reportFormatProblems({ ...report(), formatVersion: 2 })).toEqual(['formatVersion: expected 1, got 2']);
    const { summary: _summary, ...noSummary } = report();
    expect(reportFormatProblems(noSummary)).toEqual(['summary: expected the field (required), got nothing (the field is missing)']);
    const bad = report();
    bad.cases[0].status = 'flaky';
    delete bad.cases[1].id;
    expect(reportFormatProblems(bad)).toEqual([
      'cases[0].status: expected one of ["passed","failed","skipped","errored"], got "flaky"',
      'cases[1].id: expected the field (required), got nothing (the field is missing)',
    ]);
  });

  it('stays open to additive fields: structured failure details, new case and report fields', () => {
    const more = report();
    const failed = more.cases.find((c: { status: string }) => c.status === 'failed');
    failed.failures[0] = { ...failed.failures[0], step: 2, path: 'streams[0].name', expected: 'a', actual: 'b', facts: ['zulip.sort'], check: 'sorted' };
    failed.flakiness = 0;
    more.generator = { host: 'ci' };
    failed.exchange.request = { ...failed.exchange.request, trace: { caseId: failed.id, step: 1 }, form: [{ name: 'file', value: 'x', fileName: 'x.txt' }] };
    expect(reportFormatProblems(more)).toEqual([]);
  });
});
