// What a person watching the terminal sees: one line per operation as it completes, failures
// with their message as they happen, and a summary at the end.
import { stripVTControlCharacters } from 'node:util';
import pc from 'picocolors';
import type { CaseResult } from '../../engine/run/run-case.js';
import type { ConformanceReport } from '../model/model.js';
import { levelSentence } from '../model/feature-level.js';
import { clauseCountsText } from '../model/coverage.js';
import type { Explain, Explanation } from '../model/explained.js';
import { plural, verdictWord } from '../model/text-helpers.js';
import { failureGroups, refusedBy } from '../model/failure-groups.js';
import { failedOnSkip, failOnSkipNote, gapLines, gapSentence, incompleteSentence, skipLines } from '../model/skip-causes.js';
import { interruptedSentence } from '../model/verdict.js';
import type { Env } from '../../common/audience.js';

export type Write = (line: string) => void;

const MARK = { passed: pc.green('pass'), failed: pc.red('FAIL'), errored: pc.magenta('ERROR'), skipped: pc.yellow('skip') } as const;

/** A failure, printed as it happens. */
export function caseLine(result: CaseResult): string | null {
  if (result.status === 'failed' || result.status === 'errored') return `  ${MARK[result.status]} ${result.id}\n       ${result.message}`;
  return null;
}

/** A case's warnings (a disputed clause answered the Zulip way), printed under its operation's line. */
export function noteLine(result: CaseResult): string | null {
  return result.warnings?.length ? `  ${pc.yellow('warn')} ${result.id}: ${result.warnings.join('; ')}` : null;
}

/** A failure the baseline or the expectations explain: marked `known` or `expected`, not FAIL. */
export function explainedCaseLine(result: CaseResult, explanation: Explanation): string {
  return `  ${pc.yellow(explanation.kind)} ${result.id} (${explanation.note})\n       ${result.message}`;
}

/**
 * `explain` counts the failures the baseline or expectations explain apart: they do not mark the
 * operation ✗. An operation whose every case was skipped gets no ✓: nothing of it was checked.
 */
export function operationLine(endpoint: string, results: CaseResult[], explain: Explain = () => null): string {
  const explained = results.filter((r) => explain(r));
  const count = (s: CaseResult['status']) => results.filter((r) => r.status === s && !explain(r)).length;
  const bad = count('failed') + count('errored');
  if (results.every((r) => r.status === 'skipped')) return `${pc.yellow('-')} ${endpoint.padEnd(44)} ${pc.yellow(`nothing ran: ${count('skipped')} skipped`)}`;
  const mark = bad ? pc.red('✗') : pc.green('✓');
  const parts = [`${count('passed')} passed`];
  if (count('failed')) parts.push(pc.red(`${count('failed')} failed`));
  if (count('errored')) parts.push(pc.magenta(`${count('errored')} errored`));
  for (const kind of ['known', 'expected'] as const) {
    const n = explained.filter((r) => explain(r)!.kind === kind).length;
    if (n) parts.push(pc.yellow(`${n} ${kind} failing`));
  }
  if (count('skipped')) parts.push(pc.yellow(`${count('skipped')} skipped`));
  return `${mark} ${endpoint.padEnd(44)} ${parts.join(', ')}`;
}

export function summaryLines(report: ConformanceReport, files: string[]): string[] {
  const s = report.summary;
  const b = report.baseline;
  const e = report.expectations;
  const ids = (list: string[]) => (list.length ? `: ${list.join(', ')}` : '');
  return [
    '',
    `Target ${report.target.url}${report.target.embedded ? ' (embedded reference server)' : ''}, profile ${report.target.profile}`,
    `Feature level: ${levelSentence(report.target)}`,
    `Clauses: ${clauseCountsText(report)}`,
    ...(b
      ? [
          `Baseline ${b.file}: ${pc.red(plural(b.regressions.length, 'regression'))}${ids(b.regressions)}`,
          `  ${pc.green(plural(b.improvements.length, 'improvement'))}${ids(b.improvements)}`,
          `  ${plural(b.knownFailures.length, 'known failure')}${ids(b.knownFailures)}`,
        ]
      : []),
    ...(e
      ? [
          `Expectations ${e.file}: ${e.expected.length} expected failures, ${e.stale.length} stale, ${e.expired.length} expired${e.unknown.length ? `, unknown ids: ${e.unknown.join(', ')}` : ''}`,
        ]
      : []),
    ...(e?.updated
      ? [`  updated ${e.file}: added ${e.updated.added.length}${ids(e.updated.added)}; removed ${e.updated.removed.length}${ids(e.updated.removed)}`]
      : []),
    ...failureGroupLines(report),
    ...report.runWarnings.map((w) => pc.yellow(`warning: ${w}`)),
    ...(report.verdict.status === 'fail' && (b || e) ? report.verdict.reasons.map((r) => pc.red(`fails the run: ${r}`)) : []),
    ...incompleteLines(report),
    ...stopLines(report),
    ...notCheckedLines(report),
    ...costLines(report),
    ...files.map((f) => `report: ${f}`),
    // Last, the verdict word and the plain "N passed, N failed" that CI log readers look for.
    `${verdictMark(report)}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.errored} errored (${s.total} cases in ${(report.durationMs / 1000).toFixed(1)} s${busiestNote(report)})`,
  ];
}

/**
 * The closing line of a run's output (the verdict word, then the counts), as the project's own
 * scripts find it: in plain text, since CI sets FORCE_COLOR and the verdict word comes colored.
 */
export function closingLineOf(output: string): string | undefined {
  return /^(?:[A-Z]+: )?\d+ passed, \d+ failed, .*$/m.exec(stripVTControlCharacters(output))?.[0];
}

/** "; 1971 requests, busiest account member: 777" for the closing line: against a limit, that account sets the pace. */
function busiestNote(report: ConformanceReport): string {
  const cost = report.cost;
  if (!cost) return '';
  return `; ${cost.requests} requests${cost.busiest ? `, busiest account ${cost.busiest.account}: ${cost.busiest.requests}` : ''}`;
}

/** What the run cost the target: by purpose, the three busiest accounts, and the rate limit met. */
export function costLines(report: ConformanceReport): string[] {
  const cost = report.cost;
  if (!cost?.requests) return [];
  const p = cost.byPurpose;
  const accounts = Object.entries(cost.byAccount)
    .filter(([who]) => who !== 'none')
    .sort(([, a], [, b]) => b.requests - a.requests)
    .slice(0, 3)
    .map(([who, a]) => `${who} ${a.requests}`);
  const rl = cost.rateLimit;
  const limit =
    rl.answers429 || rl.pacedMs
      ? `; rate limit: ${plural(rl.answers429, 'answer')} 429 (${seconds(rl.waitedAfter429Ms)} waited, a request at most ${seconds(rl.longestWaitMs ?? 0)} of the ${seconds(rl.patienceMs ?? 0)} it may), ${seconds(rl.pacedMs)} paced before the limit`
      : '';
  const budget = report.propertyBudget;
  return [
    `Requests: ${cost.requests} (checks ${p.check}, fixtures ${p.fixture}, cleanup ${p.cleanup}, preflight ${p.preflight}); most by account: ${accounts.join(', ')}${limit}`,
    // Fewer (or more) property runs than their default: say how many and why; each seed is in conformance.json.
    ...(budget?.reason
      ? [`Properties: ${budget.runs} runs, ${budget.factor} times their default (${budget.reason}); the seed of each is in conformance.json`]
      : []),
  ];
}

function verdictMark(report: ConformanceReport): string {
  const word = verdictWord(report);
  return word === 'PASS' ? pc.green(word) : word === 'FAIL' ? pc.red(word) : pc.yellow(word);
}

const MAX_GROUPS = 12;
const shorten = (text: string, n = 100) => (text.length > n ? `${text.slice(0, n - 3)}...` : text);

/** The failures grouped by operation and by broken rule, most frequent first: one line each. */
export function failureGroupLines(report: ConformanceReport): string[] {
  const { byOperation, byRule } = failureGroups(report);
  if (!byOperation.length) return [];
  const line = (key: string, ids: string[], text?: string, refusal?: string) =>
    `  ${pc.red(String(ids.length).padStart(4))} ${key}${refusal ? pc.yellow(` ${refusedBy(refusal)}`) : ''}${text ? pc.dim(` ${shorten(text)}`) : ''}${ids.length === 1 ? pc.dim(` (${ids[0]})`) : ''}`;
  const more = (n: number) => (n > MAX_GROUPS ? [pc.dim(`  ... and ${n - MAX_GROUPS} more`)] : []);
  return [
    'Failures by operation:',
    ...byOperation.slice(0, MAX_GROUPS).map((g) => line(g.key, g.cases)),
    ...more(byOperation.length),
    'Failures by broken rule:',
    ...byRule.slice(0, MAX_GROUPS).map((g) => line(g.key, g.cases, g.text, g.refusal)),
    ...more(byRule.length),
  ];
}

/** A run that skipped cases for missing accounts says so, with each cause, before its closing line. */
export function incompleteLines(report: ConformanceReport, env: Env = process.env): string[] {
  const skips = report.verdict.incomplete;
  if (!skips?.length) return [];
  const fails = failedOnSkip(report.verdict.reasons, skips, report.summary.total);
  const head = `INCOMPLETE: ${incompleteSentence(skips, report.summary.total)}${fails ? `, which fails the run ${failOnSkipNote(env)}` : ''}:`;
  return [fails ? pc.red(head) : pc.yellow(head), ...skipLines(skips).map((line) => pc.yellow(`  ${line}`))];
}

/** An interrupted or partial run says so before its closing line, in the word every report uses. */
export function stopLines(report: ConformanceReport): string[] {
  const v = report.verdict;
  if (v?.interrupted) {
    return [pc.red(`INTERRUPTED: ${interruptedSentence(v.interrupted)}; the reports say so, and claim no conformance level`)];
  }
  if (v?.partial && v.status === 'partial') {
    return [pc.yellow(`PARTIAL: only the cases ${v.partial.filter} keeps ran; the reports say so, and claim no conformance level`)];
  }
  return [];
}

/** The clauses the target did not let the run check, each with its cause, next to the verdict. */
export function notCheckedLines(report: ConformanceReport): string[] {
  const gaps = report.verdict.notCheckedOnTarget;
  if (!gaps?.length) return [];
  return [pc.yellow(`NOT CHECKED ON THIS TARGET: ${gapSentence(gaps)}:`), ...gapLines(gaps).map((line) => pc.yellow(`  ${line}`))];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The live line of a run on a terminal: "  120/357 cases · 2 failing · 3.4 s". */
export function progressLine(done: number, total: number, failing: number, elapsedMs: number): string {
  const failures = failing ? pc.red(`${failing} failing`) : '0 failing';
  return `  ${done}/${total} cases · ${failures} · ${seconds(elapsedMs)}`;
}

/** What the preflight waits for when the target is slow to answer. */
export function preflightWaitLine(targetUrl: string, step: string, elapsedMs: number | null, limitMs: number): string {
  // The time first: a narrow terminal cuts the end of the live line.
  return `preflight: waiting ${elapsedMs === null ? '' : `${seconds(elapsedMs)} `}for ${targetUrl} to answer ${step} (gives up after ${seconds(limitMs)})`;
}
