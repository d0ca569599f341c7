// The report writers on a fixed report: Markdown, JUnit XML (well-formed, counts equal to the
// JSON), and that text from the server is escaped.
import { describe, expect, it, vi } from 'vitest';
import { ACTION_ENV } from '../../src/common/audience.js';
import { markdownReport, fenced } from '../../src/report/writers/markdown.js';
import { junitReport, xml } from '../../src/report/writers/junit.js';
import { fixtureReport } from './fixture.js';
import { htmlReport } from '../../src/report/writers/html/page.js';
import { summaryLines } from '../../src/report/writers/console-output.js';
import type { ConformanceReport } from '../../src/report/model/model.js';
import { parseXml } from './xml-check.js';

describe('conformance.md', () => {
  const md = markdownReport(fixtureReport());

  it('states the verdict, totals, levels and one row per operation and feature level', () => {
    expect(md).toMatch(/^## ❌ teamchat-conformance: FAIL: 1 passed, 1 failed, 1 errored, 1 skipped of 4 cases$/m);
    expect(md).toContain('feature level: claims 420, judged as 380, conforms through no level');
    expect(md).toContain('| ❌ GET /streams | 1 | 1 | 0 | 0 |');
    expect(md).toContain('| ❌ POST /users/me/status | 0 | 0 | 1 | 1 |');
    // A level whose only case was skipped: nothing of it ran (before: ✅).
    expect(md).toContain('| ⏭️ 392 | 0 | 0 | 0 | 1 |');
  });

  it('lists each failure with its clause text, message and curl line', () => {
    expect(md).toContain('#### ❌ `op1.fail`: sorted <by> name & "id"');
    expect(md).toContain('> **op1.order**: Channels come <sorted> by name.');
    expect(md).toContain('curl -sS -u "$CONFORMANCE_MEMBER_EMAIL:$CONFORMANCE_MEMBER_API_KEY" \'http://127.0.0.1:9/api/v1/streams?x=1\'');
    expect(md).toContain('#### ⚠️ `op2.error`');
  });

  it('puts the verdict first, then the failures, then the tables', () => {
    const at = (heading: string) => {
      const i = md.indexOf(heading);
      expect(i, heading).toBeGreaterThanOrEqual(0);
      return i;
    };
    const order = [
      '## ❌ teamchat-conformance: FAIL',
      '- 2 failures: op1.fail, op2.error',
      '### Failures',
      '#### ❌ `op1.fail`',
      '### Failures by broken rule',
      '### Per operation',
      '### Per feature level',
      '### Clause coverage per operation',
    ].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // A clean run: the verdict, then straight to the tables.
    const clean = markdownReport(fixtureReport({ cases: fixtureReport().cases.filter((c) => c.status === 'passed') }));
    expect(clean).not.toContain('### Failures');
    expect(clean.split('\n').slice(0, 4).join('\n')).toMatch(/^## ✅ teamchat-conformance: PASS[^\n]*\n\nTarget /);
  });

  it('fences text with a fence longer than any backtick run inside it', () => {
    expect(fenced('a ``` b')).toBe('````\na ``` b\n````');
  });
});

describe('junit.xml', () => {
  const report = fixtureReport();
  const text = junitReport(report);
  const elements = parseXml(text);
  const named = (name: string) => elements.filter((e) => e.name === name);

  it('is well-formed, with one testcase per case and counts equal to the JSON summary', () => {
    expect(named('testcase')).toHaveLength(report.summary.total);
    expect(named('failure')).toHaveLength(report.summary.failed);
    expect(named('error')).toHaveLength(report.summary.errored);
    expect(named('skipped')).toHaveLength(report.summary.skipped);
    const root = elements[0];
    expect(root).toMatchObject({ name: 'testsuites', attrs: { tests: '4', failures: '1', errors: '1', skipped: '1' } });
    expect(named('testsuite').map((s) => s.attrs.name)).toEqual(['GET /streams', 'POST /users/me/status']);
  });

  it('names the operation as classname and the clause in the failure', () => {
    const failed = named('testcase').find((t) => t.attrs.name.startsWith('op1.fail'))!;
    expect(failed.attrs).toMatchObject({ name: 'op1.fail: sorted <by> name & "id"', classname: 'GET /streams', file: 'specs/get-channels.yaml' });
    const failure = named('failure')[0];
    expect(failure.attrs.type).toBe('op1.order');
    expect(failure.attrs.message).toContain('[op1.order]: streams[*].name: expected ascending order');
    expect(failure.text).toContain('[op1.order] Channels come <sorted> by name.');
    expect(failure.text).toContain('answer: HTTP 200 {"result":"success","msg":"","streams":[{"name":"<script>alert(1)</script>"}');
    expect(named('skipped')[0].attrs.message).toBe('needs feature level 392, target has 380');
  });

  it('shows a failure the baseline or expectations explain as skipped, with the reason, and counts it so', () => {
    const explained = fixtureReport();
    explained.baseline = { file: 'base.json', knownFailures: ['op1.fail'], regressions: [], improvements: [] };
    explained.cases = explained.cases.map((c) => (c.id === 'op2.error' ? { ...c, expectation: { reason: 'our proxy times out' } } : c));
    const xmlElements = parseXml(junitReport(explained));
    const skipped = xmlElements.filter((e) => e.name === 'skipped').map((e) => e.attrs.message);
    expect(skipped).toContain(`known failure (failed in the baseline base.json too): ${explained.cases.find((c) => c.id === 'op1.fail')!.message}`);
    expect(skipped.some((m) => m.startsWith('expected failure (expected: our proxy times out): POST /users/me/status: could not judge'))).toBe(true);
    expect(xmlElements.filter((e) => e.name === 'failure' || e.name === 'error')).toHaveLength(0);
    expect(xmlElements[0].attrs).toMatchObject({ tests: '4', failures: '0', errors: '0', skipped: '3' });
    expect(xmlElements.find((e) => e.name === 'system-out')!.text).toContain('reproduce: curl');
  });

  it('escapes markup and drops characters XML cannot carry', () => {
    expect(xml('<a href="x">&\'\u0001')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/duplicate/);
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow(/entity/);
  });
});

describe('an interrupted run and a partial run, in every report', () => {
  const interrupted = fixtureReport({}, { interruptedBy: 'SIGINT' });
  const passing = fixtureReport().cases.filter((c) => c.status === 'passed');
  const partial = fixtureReport({ cases: passing, filter: { grep: 'op1' } });
  const html = (r: ConformanceReport) => htmlReport(r);

  it('an interrupted run is INTERRUPTED in the console, Markdown, HTML and JUnit, with what ran, and claims no level', () => {
    expect(interrupted.verdict).toMatchObject({ status: 'interrupted', interrupted: { signal: 'SIGINT', ran: 3, notRun: 0 } });
    const lines = summaryLines(interrupted, []).join('\n');
    expect(lines).toContain('INTERRUPTED: interrupted by SIGINT: 3 cases ran, 0 did not; the reports say so, and claim no conformance level');
    expect(lines).toContain('Feature level: claims 420, judged as 380, no conformance level claimed (interrupted by SIGINT: 3 cases ran, 0 did not)');
    expect(markdownReport(interrupted)).toMatch(
      /^## 🛑 teamchat-conformance: INTERRUPTED: 1 passed, 1 failed, 1 errored, 1 skipped of 4 cases \(interrupted by SIGINT: 0 did not start\)$/m,
    );
    expect(html(interrupted)).toContain('<div class="verdict interrupted" id="verdict">INTERRUPTED</div>');
    const junit = junitReport(interrupted);
    expect(junit).toContain('<testsuites name="teamchat-conformance (INTERRUPTED)"');
    expect(junit).toContain('<property name="verdict" value="INTERRUPTED: 1 passed');
  });

  it('a filtered run whose cases passed is PARTIAL, names its filter in each, and claims no level', () => {
    expect(partial.verdict).toMatchObject({ status: 'partial', partial: { filter: '--grep "op1"' } });
    expect(partial.filter).toEqual({ grep: 'op1' });
    const lines = summaryLines(partial, []).join('\n');
    expect(lines).toContain('PARTIAL: only the cases --grep "op1" keeps ran; the reports say so, and claim no conformance level');
    expect(lines).toContain('no conformance level claimed (a partial run (--grep "op1") ran only the cases its filter kept)');
    const md = markdownReport(partial);
    expect(md).toMatch(/^## ⚠️ teamchat-conformance: PARTIAL: 1 passed, 0 failed, 0 errored, 0 skipped of 1 cases \(partial: --grep "op1"\)$/m);
    expect(md).toContain('Filter: `--grep "op1"` (only the cases it keeps ran).');
    expect(html(partial)).toContain('<div class="verdict partial" id="verdict">PARTIAL</div>');
    expect(html(partial)).toContain('<dt>Filter</dt><dd>--grep &quot;op1&quot;</dd>');
    expect(junitReport(partial)).toContain('<property name="filter" value="--grep &quot;op1&quot;"/>');
    expect(junitReport(partial)).toContain('<testsuites name="teamchat-conformance (PARTIAL)"');
    // A whole run's reports say neither.
    expect(junitReport(fixtureReport())).toContain('<testsuites name="teamchat-conformance"');
    expect(summaryLines(fixtureReport(), []).join('\n')).not.toMatch(/INTERRUPTED|PARTIAL/);
  });
});

describe('a run lacking an account, in every report: the setting to add, as its reader sets it', () => {
  const passing = fixtureReport().cases.filter((c) => c.status === 'passed');
  const lacking = { ...passing[0], id: 'op1.as-member', status: 'skipped' as const, message: 'needs the member account, not configured' };
  /** Every report of a run lacking the member account, written with `env` as the process's environment. */
  const reports = (env: Partial<Record<string, string>>) => {
    vi.stubEnv(ACTION_ENV, env[ACTION_ENV] ?? '');
    try {
      const r = fixtureReport({ cases: [...passing, lacking] }, { failOnSkip: true });
      return { json: JSON.stringify(r.verdict), console: summaryLines(r, []).join('\n'), md: markdownReport(r), html: htmlReport(r), junit: junitReport(r) };
    } finally {
      vi.unstubAllEnvs();
    }
  };

  it.each([
    {
      where: 'at a shell',
      env: {},
      account: 'CONFORMANCE_MEMBER_EMAIL',
      flag: '--fail-on-skip',
      others: /input member-email|input fail-on-skip/,
    },
    {
      where: 'in the GitHub Action',
      env: { [ACTION_ENV]: 'true' },
      account: 'input member-email',
      flag: 'input fail-on-skip',
      others: /CONFORMANCE_MEMBER_EMAIL|--fail-on-skip/,
    },
  ])(
    "$where: the account as $account and fail-on-skip as $flag, in each report and the JSON's texts; the roles are the same",
    ({ env, account, flag, others }) => {
      const at = reports(env);
      expect(at.console).toContain(`INCOMPLETE: 1 of 2 cases skipped for missing configuration, which fails the run (${flag}):`);
      expect(at.console).toContain(`  1 skipped: no member account (${account})`);
      expect(at.md).toContain(`- 1 skipped: no member account (${account})`);
      expect(at.md).toContain(`- 1 of 2 cases skipped for missing configuration (${flag})`);
      expect(at.html).toContain(`<li>1 skipped: no member account (${account})</li>`);
      expect(at.html).toContain(`needs the member account, not configured (${account})</pre>`);
      expect(at.junit).toContain(`<skipped message="needs the member account, not configured (${account})"/>`);
      expect(JSON.parse(at.json)).toMatchObject({ status: 'fail', incomplete: [{ roles: ['member'], count: 1 }] });
      for (const text of Object.values(at)) expect(text).not.toMatch(others);
    },
  );

  it("a report read where it was not written still says fail-on-skip failed it (the console matches either audience's reason)", () => {
    vi.stubEnv(ACTION_ENV, 'true');
    const written = fixtureReport({ cases: [...passing, lacking] }, { failOnSkip: true });
    vi.unstubAllEnvs();
    expect(summaryLines(written, []).join('\n')).toContain('which fails the run (--fail-on-skip):');
  });
});
