// junit.xml: one testsuite per operation, one testcase per case (classname the operation),
// <failure> with the clause, <error> for a case that could not be judged, <skipped> with the reason
// (also for a failure the baseline or expectations explain: the run passes with it).
import type { ConformanceReport, ReportCase } from '../model/model.js';
import type { ReportWriter } from './write-reports.js';
import { byOperation, emptyCounts } from '../model/groups.js';
import { brokenRules, brokenRulesOf, failureWhere, headline, ruleTexts, verdictWord } from '../model/text-helpers.js';
import { reportExplainer, type Explain } from '../model/explained.js';
import { skipReason } from '../model/skip-causes.js';

/** Escapes text for XML content and attributes; drops characters XML 1.0 cannot carry. */
export function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      .replace(/\n/g, '&#10;')
      .replace(/\r/g, '&#13;')
      .replace(/\t/g, '&#9;')
  );
}
/** Element text keeps its line breaks readable. */
const body = (text: string) => xml(text).replace(/&#10;/g, '\n').replace(/&#9;/g, '\t');
const seconds = (ms: number) => (ms / 1000).toFixed(3);

function detail(c: ReportCase, texts: Map<string, string>): string {
  const lines = [c.message ?? ''];
  for (const f of c.failures ?? []) {
    for (const id of brokenRules(f)) lines.push(`[${id}] ${texts.get(id) ?? ''}`);
    lines.push(`  ${failureWhere(f)}: ${f.expected !== undefined ? `expected ${f.expected}, got ${f.actual ?? 'nothing'}` : f.message}`);
  }
  if (c.exchange) {
    lines.push(`request: ${c.exchange.request.method} ${c.exchange.request.url}${c.exchange.request.role ? ` (as ${c.exchange.request.role})` : ''}`);
    if (c.exchange.request.body) lines.push(`body: ${c.exchange.request.body}`);
    if (c.exchange.response) lines.push(`answer: HTTP ${c.exchange.response.status} ${c.exchange.response.body}`);
    if (c.exchange.error) lines.push(`no answer: ${c.exchange.error}`);
  }
  if (c.repro) lines.push('reproduce (every step):', c.repro.trimEnd());
  else if (c.curl) lines.push(`reproduce: ${c.curl}`);
  return lines.join('\n');
}

function testcase(c: ReportCase, texts: Map<string, string>, explain: Explain): string {
  const open = `    <testcase name="${xml(`${c.id}: ${c.title}`)}" classname="${xml(c.endpoint)}" time="${seconds(c.durationMs)}" file="${xml(c.file)}"`;
  const note = c.baseline === 'known' ? '[known failure] ' : c.expectation ? '[expected] ' : '';
  const explanation = explain(c);
  const output = [...(explanation ? [detail(c, texts)] : []), ...(c.warnings ?? [])];
  let inner = '';
  if (explanation) {
    // The run passes with it, so CI test views must not show it red: skipped, with the reason (the failure in system-out).
    const what = explanation.kind === 'known' ? 'known failure' : 'expected failure';
    inner = `      <skipped message="${xml(`${what} (${explanation.note}): ${c.message ?? ''}`)}"/>\n`;
  } else if (c.status === 'failed') {
    const clause = brokenRulesOf(c.failures).join(', ') || c.clauses.join(', ');
    inner = `      <failure message="${xml(note + (c.message ?? ''))}" type="${xml(clause)}">${body(detail(c, texts))}</failure>\n`;
  } else if (c.status === 'errored') {
    inner = `      <error message="${xml(note + (c.message ?? ''))}" type="errored">${body(detail(c, texts))}</error>\n`;
  } else if (c.status === 'skipped') {
    inner = `      <skipped message="${xml(skipReason(c))}"/>\n`;
  }
  if (output.length) inner += `      <system-out>${body(output.join('\n'))}</system-out>\n`;
  return inner ? `${open}>\n${inner}    </testcase>` : `${open}/>`;
}

/** A run that did not run everything says so where a CI view shows the run's name. */
function suitesName(report: ConformanceReport): string {
  const word = verdictWord(report);
  return word === 'INTERRUPTED' || word === 'PARTIAL' ? `teamchat-conformance (${word})` : 'teamchat-conformance';
}

export function junitReport(report: ConformanceReport): string {
  const texts = ruleTexts(report);
  const explain = reportExplainer(report);
  // Counted as junit.xml shows them: an explained failure is a skipped testcase.
  const shown = report.cases.map((c) => (explain(c) ? { ...c, status: 'skipped' as const } : c));
  const attrs = (c: ReturnType<typeof emptyCounts>, ms: number) =>
    `tests="${c.total}" failures="${c.failed}" errors="${c.errored}" skipped="${c.skipped}" time="${seconds(ms)}"`;
  const suites = byOperation(shown).map(({ key, counts }) => {
    const cases = report.cases.filter((c) => c.endpoint === key);
    const ms = cases.reduce((sum, c) => sum + c.durationMs, 0);
    return [
      `  <testsuite name="${xml(key)}" ${attrs(counts, ms)} timestamp="${xml(report.startedAt)}">`,
      '    <properties>',
      `      <property name="target" value="${xml(report.target.url)}"/>`,
      `      <property name="profile" value="${xml(report.target.profile)}"/>`,
      `      <property name="featureLevel" value="${report.target.featureLevel}"/>`,
      `      <property name="verdict" value="${xml(headline(report))}"/>`,
      ...(report.verdict?.partial ? [`      <property name="filter" value="${xml(report.verdict.partial.filter)}"/>`] : []),
      '    </properties>',
      ...cases.map((c) => testcase(c, texts, explain)),
      '  </testsuite>',
    ].join('\n');
  });
  const total = byOperation(shown).reduce((sum, { counts }) => {
    for (const k of ['total', 'passed', 'failed', 'errored', 'skipped'] as const) sum[k] += counts[k];
    return sum;
  }, emptyCounts());
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suitesName(report))}" ${attrs(total, report.durationMs)} timestamp="${xml(report.startedAt)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

export const junitWriter: ReportWriter = (report) => ({ name: 'junit.xml', content: junitReport(report) });
