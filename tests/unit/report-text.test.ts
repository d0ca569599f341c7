// What every writer says of a report: the verdict word and the headline, where a failure sits,
// the texts of the rules; and how a conformance.json someone hands us is read.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finish } from '../../src/report/model/assemble.js';
import { readReport } from '../../src/report/model/read-report.js';
import { failureWhere, headline, isFact, plural, ruleTexts, verdictWord } from '../../src/report/model/text-helpers.js';
import { ConfigError } from '../../src/common/vocabulary.js';
import { kase, report } from './report-builders.js';

describe('the words of a report', () => {
  it('the verdict word: FAIL, INCOMPLETE when what ran passed but an account was left out, else PASS; the headline counts', () => {
    const failing = finish(report([kase('a', 'failed'), kase('b', 'passed')]));
    const incomplete = finish(report([kase('a', 'passed'), kase('b', 'skipped', { message: 'needs the guest account, not configured' })]));
    const passing = finish(report([kase('a', 'passed'), kase('b', 'skipped', { message: 'needs feature level 392, target has 380' })]));
    expect([verdictWord(failing), verdictWord(incomplete), verdictWord(passing)]).toEqual(['FAIL', 'INCOMPLETE', 'PASS']);
    expect(headline(failing)).toBe('FAIL: 1 passed, 1 failed, 0 errored, 0 skipped of 2 cases');
    // The word follows the verdict, not the counts: a known failure (baseline) passes.
    expect(verdictWord({ ...failing, verdict: { ...failing.verdict, status: 'pass' } })).toBe('PASS');
  });

  it('where a failure sits: step, check, path, and the zulip profile when it is a Zulip check', () => {
    expect(failureWhere({ step: 2, check: 'schema', path: 'streams[3].creator_id', profile: 'zulip' })).toBe(
      'step 2 · schema · streams[3].creator_id · zulip profile',
    );
    expect(failureWhere({ step: 0, check: 'result', path: '' })).toBe('result');
    expect(failureWhere({ step: 1, check: 'code' })).toBe('step 1 · code');
  });

  it("the rules' texts: every clause's and every fact's, by id; facts are the zulip.* ids", () => {
    const r = finish(
      report([], {
        clauses: [{ id: 'op1.a', endpoint: 'GET /x', text: 'A.', status: 'tested', cases: [] }],
        facts: [{ id: 'zulip.b', statement: 'B.', featureLevel: 1, evidence: [], cases: [] }],
      }),
    );
    expect([...ruleTexts(r)]).toEqual([
      ['op1.a', 'A.'],
      ['zulip.b', 'B.'],
    ]);
    expect([...ruleTexts({ ...r, facts: undefined })]).toEqual([['op1.a', 'A.']]);
    expect([isFact('zulip.b'), isFact('op1.zulip.b'), isFact('op1.a')]).toEqual([true, false, false]);
    expect([plural(1, 'case'), plural(0, 'case'), plural(2, 'case')]).toEqual(['1 case', '0 cases', '2 cases']);
  });
});

describe('readReport', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'tcc-read-'));
  const refuses = (content: string | null, what?: string) => {
    const file = join(dir(), 'r.json');
    if (content !== null) writeFileSync(file, content);
    try {
      readReport(file, what);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message.replace(file, 'F');
    }
    return 'read';
  };

  it('refuses, in one line naming the file, what is missing, not JSON, or not a conformance.json', () => {
    expect(refuses(null, 'baseline')).toBe('baseline F: not found');
    expect(refuses('{"formatVersion":1,')).toMatch(/^report F: .*JSON/);
    expect(refuses('{"formatVersion":2,"cases":[]}')).toBe('report F: not a conformance.json of formatVersion 1');
    expect(refuses('{"formatVersion":1}')).toBe('report F: not a conformance.json of formatVersion 1');
    expect(refuses('null')).toBe('report F: not a conformance.json of formatVersion 1');
  });

  it('reads a report as written, and gives one written before the verdict was recorded the verdict its cases give', () => {
    const file = join(dir(), 'r.json');
    const written = finish(report([kase('c1', 'failed'), kase('c2', 'passed')]));
    writeFileSync(file, JSON.stringify({ ...written, verdict: { ...written.verdict, reasons: ['as written'] } }));
    expect(readReport(file).verdict.reasons).toEqual(['as written']);
    const { verdict: _dropped, ...old } = written;
    writeFileSync(file, JSON.stringify(old));
    expect(readReport(file).verdict).toEqual({ status: 'fail', newFailures: ['c1'], reasons: ['1 failure: c1'] });
  });
});
