// Writes the run's report files. conformance.json is the source of truth; the other formats
// (added by their own writers) are derived from it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from './model.js';
import { htmlWriter } from './html/page.js';
import { markdownWriter } from './markdown.js';
import { junitWriter } from './junit.js';

export type ReportWriter = (report: ConformanceReport) => { name: string; content: string };

export const jsonWriter: ReportWriter = (report) => ({ name: 'conformance.json', content: `${JSON.stringify(report, null, 2)}\n` });

export const WRITERS: ReportWriter[] = [jsonWriter, htmlWriter, markdownWriter, junitWriter];

export function writeReports(report: ConformanceReport, dir: string, writers = WRITERS): string[] {
  mkdirSync(dir, { recursive: true });
  return writers.map((writer) => {
    const { name, content } = writer(report);
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  });
}
