// --expectations: the file is validated (file:line: field), listed failures are expected, stale
// and expired entries fail the run, and --update-expectations keeps what it did not touch.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyExpectations, loadExpectations } from '../../src/report/model/expectations.js';
import { placeholderReason, updateExpectationsFile } from '../../src/report/cross-run/expectations-update.js';
import { finish } from '../../src/report/model/assemble.js';
import { fixtureReport } from './fixture.js';

const file = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'tcc-exp-')), 'expectations.yaml');
  writeFileSync(path, text);
  return path;
};
const ALL_IDS = new Set(['op1.pass', 'op1.fail', 'op2.error', 'op2.skip']);

describe('expectations file', () => {
  it('names file, line and field of a malformed entry', () => {
    const bad = file('expectations:\n  op1.fail:\n    reason: sorted by id\n  op2.error:\n    issue: https://example.test/1\n');
    expect(() => loadExpectations(bad)).toThrow(`${bad}:5: expectations.op2.error.reason: is required`);
    const date = file('expectations:\n  op1.fail:\n    reason: x\n    expires: next week\n');
    expect(() => loadExpectations(date)).toThrow(/:4: expectations\.op1\.fail\.expires: must match pattern/);
    const unknownField = file('expectations:\n  op1.fail:\n    reason: x\n    owner: me\n');
    expect(() => loadExpectations(unknownField)).toThrow(/:4: expectations\.op1\.fail\.owner: is not a known field/);
  });

  it('explains listed failures; a listed case that passes is stale and an expired entry fails the run', () => {
    const entries = loadExpectations(
      file(
        [
          'expectations:',
          '  op1.fail: { reason: we sort by id, issue: "https://example.test/issues/3" }',
          '  op2.error: { reason: slow, expires: "2020-01-01" }',
          '  op1.pass: { reason: used to fail }',
          '  op9.gone: { reason: removed case }',
        ].join('\n'),
      ),
    );
    const report = fixtureReport();
    const section = applyExpectations(report.cases, entries, 'exp.yaml', ALL_IDS, '2026-06-01');
    expect(section).toEqual({
      file: 'exp.yaml',
      expected: ['op1.fail', 'op2.error'],
      stale: ['op1.pass'],
      expired: [{ id: 'op2.error', expires: '2020-01-01' }],
      unknown: ['op9.gone'],
    });
    const { verdict } = finish({ ...report, expectations: section });
    expect(verdict.newFailures).toEqual([]);
    expect(verdict.reasons).toEqual([
      '1 stale expectation (listed, but passing now; remove them from exp.yaml): op1.pass',
      '1 expired expectation in exp.yaml: op2.error (expired 2020-01-01)',
    ]);
    expect(report.cases.find((c) => c.id === 'op1.fail')!.expectation).toEqual({ reason: 'we sort by id', issue: 'https://example.test/issues/3' });
  });

  it('--update-expectations adds new failures, removes passing entries, keeps the rest and the comments', () => {
    const path = file(
      [
        '# our known gaps',
        'expectations:',
        '  # sorting is on the roadmap',
        '  op1.pass:',
        '    reason: used to fail',
        '  op2.skip:',
        '    reason: not run at this level, kept',
        '  other.case:',
        '    reason: from another run, kept',
        '',
      ].join('\n'),
    );
    const changed = updateExpectationsFile(path, fixtureReport().cases, '2026-06-01');
    expect(changed).toEqual({ added: ['op1.fail', 'op2.error'], removed: ['op1.pass'] });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('# our known gaps');
    expect(text).not.toContain('op1.pass');
    expect([...loadExpectations(path).keys()]).toEqual(['op2.skip', 'other.case', 'op1.fail', 'op2.error']);
    expect(loadExpectations(path).get('op1.fail')).toEqual({ reason: placeholderReason('2026-06-01') });
  });

  it('--update-expectations creates the file when there is none', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tcc-exp-')), 'new.yaml');
    updateExpectationsFile(path, fixtureReport().cases, '2026-06-01');
    expect([...loadExpectations(path).keys()]).toEqual(['op1.fail', 'op2.error']);
    expect(readFileSync(path, 'utf8')).toMatch(/^# Cases this server is known to fail/);
  });
});
