// `merge A.json B.json ... --out DIR`: the reports of a sharded run joined into one report set
// (conformance.json, .html, .md, junit.xml). Exit 1 when the merged run fails, like a run.
import { resolve } from 'node:path';
import { readReport } from '../../report/model/read-report.js';
import { mergeReports } from '../../report/cross-run/merge.js';
import { writeReportSet } from '../../report/writers/report-set.js';
import { summaryLines } from '../../report/writers/console-output.js';
import type { Output } from '../shared/output.js';
import { ensureWritableDir } from '../shared/report-dir.js';

export function merge(files: string[], options: { out: string; baseline?: string; failOnSkip?: boolean }, io: Output): number {
  ensureWritableDir(options.out, '--out');
  const reports = files.map((file) => ({ file, report: readReport(file) }));
  const baseline = options.baseline ? { file: options.baseline, report: readReport(options.baseline, 'baseline') } : undefined;
  const merged = mergeReports(reports, baseline, { failOnSkip: options.failOnSkip });
  const written = writeReportSet(merged, resolve(options.out));
  io.out(`merged ${files.length} reports: ${merged.summary.total} cases`);
  for (const line of summaryLines(merged, written)) io.out(line);
  return merged.verdict.status === 'fail' ? 1 : 0;
}
