// GitHub Actions workflow commands (`::error title=...::message`) for the failures, so they show
// on the pull request. Known and expected failures are warnings; stale and expired expectations
// errors. GitHub keeps 10 error and 10 warning annotations of a step and drops the rest, so past
// that the last one groups the failures left by the rule they break; in the action, whose run
// step leads with the run's one-line cause, one of each is left to it. A `file=` names only a
// file of the user's repository (the expectations file), never one of the suite's own.
import { isAbsolute, relative } from 'node:path';
import type { ConformanceReport, ReportCase } from '../model/model.js';
import { isBroken } from '../model/groups.js';
import { failureGroups } from '../model/failure-groups.js';

/** Escapes a workflow command's message (data). */
export const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Escapes a workflow command's property value (title, file): also ':' and ','. */
export const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * What GitHub keeps of a step: 10 annotations of each kind.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#setting-an-error-message
 */
export const ANNOTATIONS_PER_STEP = 10;

type Kind = 'error' | 'warning' | 'notice';

function command(kind: Kind, props: Record<string, string>, message: string): string {
  const list = Object.entries(props)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${kind} ${list}::${escapeData(message)}`;
}

export interface AnnotationOptions {
  /** Annotations of each kind kept for others in the same step (the action's cause: 1). */
  reserved?: number;
  /** The user's repository (GITHUB_WORKSPACE): a `file=` is a path in it, or left out. */
  workspace?: string;
}

interface Pending {
  line: string;
  /** The failing case behind it, when it is one: grouped with the others past the limit. */
  case?: ReportCase;
}

export function annotations(report: ConformanceReport, options: AnnotationOptions = {}): string[] {
  const { reserved = 0, workspace } = options;
  const errors: Pending[] = [];
  const warnings: Pending[] = [];
  for (const c of report.cases.filter(isBroken)) {
    const known = c.baseline === 'known' || Boolean(c.expectation);
    const why = c.baseline === 'known' ? ' (known failure, in the baseline)' : c.expectation ? ` (expected: ${c.expectation.reason})` : '';
    const body = [`${c.message ?? ''}${why}`, ...(c.curl ? [`reproduce: ${c.curl}`] : [])].join('\n');
    const title = `${c.status === 'errored' ? 'could not judge' : 'conformance'}: ${c.id}`;
    (known ? warnings : errors).push({ line: command(known ? 'warning' : 'error', { title }, body), case: c });
  }
  const ex = report.expectations;
  const inRepository = ex ? userFile(ex.file, workspace) : null;
  const file: Record<string, string> = inRepository === null ? {} : { file: inRepository };
  for (const id of ex?.stale ?? [])
    errors.push({ line: command('error', { ...file, title: `stale expectation: ${id}` }, `${id} passes now: remove its entry from ${ex!.file}`) });
  for (const e of ex?.expired ?? [])
    errors.push({
      line: command(
        'error',
        { ...file, title: `expired expectation: ${e.id}` },
        `the entry for ${e.id} expired on ${e.expires}: fix the server or renew the entry`,
      ),
    });
  const room = Math.max(1, ANNOTATIONS_PER_STEP - reserved);
  return [...withinLimit(errors, 'error', room, report), ...withinLimit(warnings, 'warning', room, report)];
}

/** The annotations of a kind, at most `room`: past it, the last one groups the failures left by the rule they break. */
function withinLimit(pending: Pending[], kind: Kind, room: number, report: ConformanceReport): string[] {
  if (pending.length <= room) return pending.map((p) => p.line);
  const shown = pending.slice(0, room - 1);
  const left = pending.slice(room - 1);
  const cases = left.flatMap((p) => (p.case ? [p.case] : []));
  // Known failures are no failure of the run's: grouped as they are, not by failureGroups' rule.
  const groups = failureGroups({ ...report, cases: cases.map((c) => ({ ...c, baseline: undefined, expectation: undefined })) }).byRule;
  const others = left.length - cases.length;
  const lines = [
    `${left.length} more ${kind === 'error' ? 'failures' : 'known or expected failures'} than GitHub keeps as annotations of a step (${ANNOTATIONS_PER_STEP}); every one is in the job summary and conformance.md. By the rule they break:`,
    ...groups.map((g) => `${g.key}: ${g.cases.length} (${g.cases.slice(0, 5).join(', ')}${g.cases.length > 5 ? ', ...' : ''})`),
    ...(others ? [`expectations file: ${others} stale or expired ${others === 1 ? 'entry' : 'entries'}`] : []),
  ];
  return [...shown.map((p) => p.line), command(kind, { title: `conformance: ${left.length} more` }, lines.join('\n'))];
}

/** A path of the user's repository for `file=`: relative to the workspace, or null when it is outside it. */
function userFile(path: string, workspace: string | undefined): string | null {
  if (!isAbsolute(path)) return path;
  if (!workspace) return null;
  const inside = relative(workspace, path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : null;
}
