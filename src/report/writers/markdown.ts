// conformance.md: the summary for a pull request comment or $GITHUB_STEP_SUMMARY: the verdict
// and its reasons, the first failures with their clauses and a curl line each, then one row per
// operation, feature level and the clause coverage.
import type { ConformanceReport, ReportCase } from '../model/model.js';
import type { ReportWriter } from './write-reports.js';
import { byLevel, byOperation, isBroken, type Group } from '../model/groups.js';
import { levelSentence } from '../model/feature-level.js';
import { clauseCountsText, coverageByOperation, coverageMarkdown } from '../model/coverage.js';
import { failureGroups, refusedBy } from '../model/failure-groups.js';
import { gapLines, gapSentence, skipLines } from '../model/skip-causes.js';
import { brokenRulesOf, failureWhere, headline, isFact, ruleTexts, verdictWord } from '../model/text-helpers.js';

const FIRST_FAILURES = 10;

export const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
/** A fenced block whose fence is longer than any backtick run inside it. */
export function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}
const code = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

/** A row's mark: failed, passed, or nothing ran (every case skipped: no ✅ for what was not checked). */
const rowMark = (c: Group['counts']) => (c.failed + c.errored ? '❌' : c.passed ? '✅' : '⏭️');

function table(title: string, groups: Group[]): string[] {
  const rows = groups.map(({ key, counts: c }) => `| ${rowMark(c)} ${cell(key)} | ${c.passed} | ${c.failed} | ${c.errored} | ${c.skipped} |`);
  return [`| ${title} | passed | failed | errored | skipped |`, '|---|--:|--:|--:|--:|', ...rows];
}

function failureBlock(c: ReportCase, texts: Map<string, string>): string[] {
  const tags = [
    c.baseline === 'known' ? 'known failure (in the baseline)' : c.baseline === 'regression' ? '**regression**' : '',
    c.expectation ? `expected: ${c.expectation.reason}${c.expectation.issue ? ` (${c.expectation.issue})` : ''}` : '',
  ].filter(Boolean);
  // The rules the failures break (not every clause the case cites); a case that errored broke none.
  const rules = brokenRulesOf(c.failures);
  const checks = (c.failures ?? [])
    .filter((f) => f.expected !== undefined)
    .map((f) => `| ${cell(failureWhere(f))} | ${cell(f.expected!)} | ${cell(f.actual ?? 'nothing')} |`);
  return [
    `#### ${c.status === 'errored' ? '⚠️' : '❌'} ${code(c.id)}: ${c.title}`,
    '',
    ...(tags.length ? [`_${tags.join('; ')}_`, ''] : []),
    ...rules.map((id) => `> **${id}**${isFact(id) ? ' (Zulip fact)' : ''}: ${texts.get(id) ?? ''}`.trimEnd()),
    '',
    ...(checks.length ? ['| where | expected | got |', '|---|---|---|', ...checks, ''] : []),
    fenced(c.message ?? ''),
    ...(c.repro
      ? ['', '<details><summary>Reproduce (every step)</summary>', '', fenced(c.repro, 'sh'), '', '</details>']
      : c.curl
        ? ['', '<details><summary>Reproduce</summary>', '', fenced(c.curl, 'sh'), '', '</details>']
        : []),
    '',
  ];
}

function idList(title: string, ids: string[]): string[] {
  return ids.length ? [`**${title}** (${ids.length}): ${ids.map(code).join(', ')}`, ''] : [];
}

/**
 * What a reviewer reads first: the verdict and why, then what broke (each failure, then the
 * rules broken most), then the baseline and expectations, and last the tables of every operation,
 * feature level and clause, which a passing run is mostly made of.
 */
export function markdownReport(report: ConformanceReport): string {
  const t = report.target;
  const lines = [
    `## ${{ INTERRUPTED: '🛑', FAIL: '❌', PARTIAL: '⚠️', INCOMPLETE: '⚠️', PASS: '✅' }[verdictWord(report)]} teamchat-conformance: ${headline(report)}`,
    '',
    ...(report.verdict.partial ? [`Filter: ${code(report.verdict.partial.filter)} (only the cases it keeps ran).`, ''] : []),
    ...(report.verdict.reasons.length ? [...report.verdict.reasons.map((r) => `- ${r}`), ''] : []),
    ...(report.verdict.incomplete ? [...skipLines(report.verdict.incomplete).map((line) => `- ${line}`), ''] : []),
    ...(report.verdict.notCheckedOnTarget
      ? [
          `**Not checked on this target**: ${gapSentence(report.verdict.notCheckedOnTarget)}:`,
          '',
          ...gapLines(report.verdict.notCheckedOnTarget).map((line) => `- ${line}`),
          '',
        ]
      : []),
    `Target ${code(t.url)}${t.embedded ? ' (embedded reference server)' : ''}, profile \`${t.profile}\`, feature level: ${levelSentence(t)}.` +
      ` ${(report.durationMs / 1000).toFixed(1)} s${report.shard ? `, shard ${report.shard.index}/${report.shard.count}` : ''}.`,
    '',
    ...failureSection(report),
    ...baselineSection(report),
    ...expectationsSection(report),
    ...(report.runWarnings.length ? ['### Warnings', '', ...report.runWarnings.map((w) => `- ${cell(w)}`), ''] : []),
    ...costSection(report),
    '### Per operation',
    '',
    ...table('operation', byOperation(report.cases)),
    '',
    '### Per feature level',
    '',
    ...table('level', byLevel(report.cases)),
    '',
    '### Clause coverage per operation',
    '',
    `Clauses: ${clauseCountsText(report)}.`,
    '',
    ...coverageMarkdown(coverageByOperation(report)),
    '',
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/**
 * What the run cost the target, account by account, busiest first: what a server limiting each
 * account counts (the spread over the extra members shows here), and the rate limit it met.
 */
function costSection(report: ConformanceReport): string[] {
  const cost = report.cost;
  if (!cost?.requests) return [];
  const accounts = Object.entries(cost.byAccount)
    .filter(([who]) => who !== 'none')
    .sort(([a, x], [b, y]) => y.requests - x.requests || a.localeCompare(b));
  const rl = cost.rateLimit;
  const budget = report.propertyBudget;
  return [
    '### What the run cost the target',
    '',
    `${cost.requests} requests; the busiest account sets the pace against a limit per account.` +
      (rl.answers429 || rl.pacedMs
        ? ` Rate limit: ${rl.answers429} answers 429 (a request waited at most ${(rl.longestWaitMs / 1000).toFixed(1)} s of ${rl.patienceMs / 1000} s), ${(rl.pacedMs / 1000).toFixed(1)} s paced before the limit.`
        : '') +
      (budget?.reason ? ` Properties: ${budget.runs} runs, ${budget.factor} times their default (${cell(budget.reason)}).` : ''),
    '',
    '| account | requests | checks | fixtures | cleanup | preflight |',
    '|---|--:|--:|--:|--:|--:|',
    ...accounts.map(([who, a]) => `| ${cell(who)} | ${a.requests} | ${a.check} | ${a.fixture} | ${a.cleanup} | ${a.preflight} |`),
    '',
  ];
}

/** The first failures in full (new ones first: they are what a reviewer must act on), then the rules broken most. */
function failureSection(report: ConformanceReport): string[] {
  const texts = ruleTexts(report);
  const broken = report.cases.filter(isBroken);
  const ordered = [...broken.filter((c) => c.baseline !== 'known' && !c.expectation), ...broken.filter((c) => c.baseline === 'known' || c.expectation)];
  if (!ordered.length) return [];
  const groups = failureGroups(report);
  return [
    `### Failures${ordered.length > FIRST_FAILURES ? ` (the first ${FIRST_FAILURES} of ${ordered.length}; all in conformance.html)` : ''}`,
    '',
    ...ordered.slice(0, FIRST_FAILURES).flatMap((c) => failureBlock(c, texts)),
    ...(groups.byRule.length
      ? [
          '### Failures by broken rule',
          '',
          '| rule | cases | statement |',
          '|---|--:|---|',
          ...groups.byRule.map(
            (g) => `| ${code(g.key)} | ${g.cases.length} | ${cell([g.refusal ? `**${refusedBy(g.refusal)}**` : '', g.text ?? ''].filter(Boolean).join(' '))} |`,
          ),
          '',
        ]
      : []),
  ];
}

function baselineSection(report: ConformanceReport): string[] {
  const b = report.baseline;
  if (!b) return [];
  return [
    `### Against the baseline ${code(b.file)}`,
    '',
    ...idList('Regressions', b.regressions),
    ...idList('Improvements', b.improvements),
    ...idList('Known failures', b.knownFailures),
    ...(!b.regressions.length && !b.improvements.length && !b.knownFailures.length ? ['No failures then or now.', ''] : []),
  ];
}

function expectationsSection(report: ConformanceReport): string[] {
  const e = report.expectations;
  if (!e) return [];
  return [
    `### Expectations ${code(e.file)}`,
    '',
    ...idList('Expected failures', e.expected),
    ...idList('Stale (passing now, remove them)', e.stale),
    ...idList(
      'Expired',
      e.expired.map((x) => `${x.id} (${x.expires})`),
    ),
    ...idList('Unknown case ids', e.unknown),
  ];
}

export const markdownWriter: ReportWriter = (report) => ({ name: 'conformance.md', content: markdownReport(report) });
