// The contract of a report writer, and writing a report with a set of writers. The writers
// (html/page.ts, markdown.ts, junit.ts) import the contract from here, so the set of formats
// lives in report-set.ts: this module imports no writer, and no import cycle forms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from '../model/model.js';

export type ReportWriter = (report: ConformanceReport) => { name: string; content: string };

export const jsonWriter: ReportWriter = (report) => ({ name: 'conformance.json', content: `${JSON.stringify(report, null, 2)}\n` });

/** Writes each writer's file into dir; returns their paths. */
export function writeReports(report: ConformanceReport, dir: string, writers: ReportWriter[]): string[] {
  mkdirSync(dir, { recursive: true });
  return writers.map((writer) => {
    const { name, content } = writer(report);
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  });
}
