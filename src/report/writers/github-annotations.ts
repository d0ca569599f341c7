// GitHub Actions workflow commands (`::error title=...::message`) for the failures, so they show
// on the pull request. Known and expected failures are warnings; stale and expired expectations errors.
import type { ConformanceReport } from '../model/model.js';
import { isBroken } from '../model/groups.js';

/** Escapes a workflow command's message (data). */
export const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Escapes a workflow command's property value (title, file): also ':' and ','. */
export const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

function command(kind: 'error' | 'warning' | 'notice', props: Record<string, string>, message: string): string {
  const list = Object.entries(props)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${kind} ${list}::${escapeData(message)}`;
}

export function annotations(report: ConformanceReport): string[] {
  const lines: string[] = [];
  for (const c of report.cases.filter(isBroken)) {
    const known = c.baseline === 'known' || Boolean(c.expectation);
    const why = c.baseline === 'known' ? ' (known failure, in the baseline)' : c.expectation ? ` (expected: ${c.expectation.reason})` : '';
    const body = [`${c.message ?? ''}${why}`, ...(c.curl ? [`reproduce: ${c.curl}`] : [])].join('\n');
    lines.push(command(known ? 'warning' : 'error', { file: c.file, title: `${c.status === 'errored' ? 'could not judge' : 'conformance'}: ${c.id}` }, body));
  }
  const ex = report.expectations;
  for (const id of ex?.stale ?? [])
    lines.push(command('error', { file: ex!.file, title: `stale expectation: ${id}` }, `${id} passes now: remove its entry from ${ex!.file}`));
  for (const e of ex?.expired ?? [])
    lines.push(
      command(
        'error',
        { file: ex!.file, title: `expired expectation: ${e.id}` },
        `the entry for ${e.id} expired on ${e.expires}: fix the server or renew the entry`,
      ),
    );
  return lines;
}
