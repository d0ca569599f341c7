// The exit status of a run and the reasons for it. Without baseline or expectations, every
// failed or errored case fails the run; with them, only the failures neither one explains, plus
// stale and expired expectations. Skips for missing accounts make the run incomplete, which fails
// it only with --fail-on-skip. A run stopped by a signal is interrupted, whatever ran; a run
// narrowed by a filter or a shard whose cases passed is partial, not a pass.
import type { ConformanceReport, Interruption, RunFilter, Verdict, VerdictStatus } from './model.js';
import { isBroken } from './groups.js';
import { configurationSkips, failOnSkipNote, incompleteSentence, targetGaps } from './skip-causes.js';
import { flagSettingName, viaAction, type Env } from '../../common/audience.js';
import { CUT_SHORT, NOT_STARTED } from '../../common/vocabulary.js';
import { plural } from './text-helpers.js';

export interface VerdictOptions {
  /** --fail-on-skip: a run with cases skipped for missing configuration fails. */
  failOnSkip?: boolean;
  /** The signal that stopped the run before its end (SIGINT, SIGTERM). */
  interruptedBy?: string;
  /** Whose words the reasons use (src/common/audience.ts): the CLI's flags and variables, or the action's inputs. */
  env?: Env;
}

/**
 * The filter as its reader gives it: at a shell the command line (`--grep "x" --operation "GET /streams"
 * --shard 1/3`), in the GitHub Action its inputs (`input operation "GET /streams", input shard 1/3`).
 */
export function filterText(filter: RunFilter | undefined, env: Env = process.env): string {
  if (!filter) return '';
  const named = (flag: string, envName: string, value: string) => `${flagSettingName(flag, envName, env)} ${value}`;
  return [
    ...(filter.operations ?? []).map((op) => named('operation', 'CONFORMANCE_OPERATIONS', `"${op}"`)),
    ...(filter.grep !== undefined ? [named('grep', 'CONFORMANCE_GREP', `"${filter.grep}"`)] : []),
    ...(filter.clauses ?? []).map((id) => named('clause', 'CONFORMANCE_CLAUSES', `"${id}"`)),
    ...(filter.shard ? [named('shard', 'CONFORMANCE_SHARD', `${filter.shard.index}/${filter.shard.count}`)] : []),
  ].join(viaAction(env) ? ', ' : ' ');
}

/** What an interrupted run did: the cases that ran to their end, and those it never started. */
export function interruption(cases: ConformanceReport['cases'], signal: string): Interruption {
  return {
    signal,
    ran: cases.filter((c) => c.status !== 'skipped').length,
    notRun: cases.filter((c) => c.status === 'skipped' && (c.message === NOT_STARTED || c.message === CUT_SHORT)).length,
  };
}

/** "interrupted by SIGINT: 137 cases ran, 342 did not" (did not start, or did not end) */
export const interruptedSentence = (i: Interruption) => `interrupted by ${i.signal}: ${plural(i.ran, 'case')} ran, ${i.notRun} did not`;

export function verdictOf(report: Omit<ConformanceReport, 'verdict'>, options: VerdictOptions = {}): Verdict {
  const newFailures = report.cases.filter((c) => isBroken(c) && c.baseline !== 'known' && !c.expectation).map((c) => c.id);
  const reasons: string[] = [];
  if (newFailures.length) {
    const what = report.baseline ? 'regression' : 'failure';
    reasons.push(
      `${newFailures.length} ${what}${newFailures.length > 1 ? 's' : ''}${report.baseline || report.expectations ? ' not in the baseline or expectations' : ''}: ${newFailures.join(', ')}`,
    );
  }
  const ex = report.expectations;
  if (ex?.stale.length)
    reasons.push(
      `${ex.stale.length} stale expectation${ex.stale.length > 1 ? 's' : ''} (listed, but passing now; remove them from ${ex.file}): ${ex.stale.join(', ')}`,
    );
  if (ex?.expired.length)
    reasons.push(
      `${ex.expired.length} expired expectation${ex.expired.length > 1 ? 's' : ''} in ${ex.file}: ${ex.expired.map((e) => `${e.id} (expired ${e.expires})`).join(', ')}`,
    );
  if (report.summary.total === 0 && report.runWarnings.length && !options.interruptedBy) reasons.push('no case ran, and the run reported problems');
  const skips = configurationSkips(report.cases, options.env);
  if (skips.length && options.failOnSkip) reasons.push(`${incompleteSentence(skips, report.summary.total)} ${failOnSkipNote(options.env)}`);
  const gaps = targetGaps(report.cases);
  const interrupted = options.interruptedBy ? interruption(report.cases, options.interruptedBy) : undefined;
  const filter = filterText(report.filter, options.env);
  const status: VerdictStatus = interrupted ? 'interrupted' : reasons.length ? 'fail' : filter ? 'partial' : 'pass';
  if (interrupted) reasons.unshift(interruptedSentence(interrupted));
  return {
    status,
    newFailures,
    reasons,
    ...(skips.length ? { incomplete: skips } : {}),
    ...(interrupted ? { interrupted } : {}),
    ...(filter ? { partial: { filter } } : {}),
    ...(gaps.length ? { notCheckedOnTarget: gaps } : {}),
  };
}
