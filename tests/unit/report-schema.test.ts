// schemas/conformance-report.schema.json describes conformance.json (formatVersion 1): what the
// writers produce matches it, what breaks the format does not, and additive fields stay valid.
import { describe, expect, it } from 'vitest';
import { jsonWriter } from '../../src/report/write-reports.js';
import { fixtureReport } from '../report/fixture.js';
import { reportFormatProblems } from '../support/report-format.js';

const report = () => JSON.parse(jsonWriter(fixtureReport()).content);

describe('the report schema', () => {
  it('accepts what the JSON writer writes, with a baseline, expectations and a shard', () => {
    expect(reportFormatProblems(report())).toEqual([]);
    const full = fixtureReport({
      shard: { index: 1, count: 2 },
      baseline: { file: 'B.json', knownFailures: ['op1.fail'], regressions: [], improvements: [] },
      expectations: { file: 'e.yaml', expected: [], stale: [], expired: [{ id: 'x', expires: '2026-01-01' }], unknown: [], updated: { added: [], removed: [] } },
    });
    expect(reportFormatProblems(JSON.parse(jsonWriter(full).content))).toEqual([]);
  });

  it('rejects another format version, a missing summary, an unknown status and a case without an id', () => {
    expect(reportFormatProblems({ ...report(), formatVersion: 2 })).toEqual(['formatVersion: must be 1']);
    const { summary: _summary, ...noSummary } = report();
    expect(reportFormatProblems(noSummary)).toEqual(['(body): missing required field "summary"']);
    const bad = report();
    bad.cases[0].status = 'flaky';
    delete bad.cases[1].id;
    expect(reportFormatProblems(bad)).toEqual(['cases[0].status: must be one of ["passed","failed","skipped","errored"]', 'cases[1]: missing required field "id"']);
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
