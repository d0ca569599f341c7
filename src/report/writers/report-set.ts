// The report files of a run or a merge: conformance.json is the source of truth; the other
// formats are derived from it.
import type { ConformanceReport } from '../model/model.js';
import { htmlWriter } from './html/page.js';
import { markdownWriter } from './markdown.js';
import { junitWriter } from './junit.js';
import { jsonWriter, writeReports, type ReportWriter } from './write-reports.js';

export const REPORT_WRITERS: ReportWriter[] = [jsonWriter, htmlWriter, markdownWriter, junitWriter];

/** Writes conformance.json, .html, .md and junit.xml into dir; returns their paths. */
export function writeReportSet(report: ConformanceReport, dir: string): string[] {
  return writeReports(report, dir, REPORT_WRITERS);
}
