// Reads a conformance.json someone hands us (--baseline, compare, merge), with a one-line
// problem when it is not one.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../common/vocabulary.js';
import type { ConformanceReport } from './model.js';
import { verdictOf } from './verdict.js';

export function readReport(path: string, what = 'report'): ConformanceReport {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (error as Error).message;
    throw new ConfigError(`${what} ${path}: ${why}`);
  }
  const report = data as Partial<ConformanceReport>;
  if (report?.formatVersion !== 1 || !Array.isArray(report.cases)) {
    throw new ConfigError(`${what} ${path}: not a conformance.json of formatVersion 1`);
  }
  // A report written before the verdict was recorded: the verdict its cases give.
  return report.verdict
    ? (report as ConformanceReport)
    : { ...(report as Omit<ConformanceReport, 'verdict'>), verdict: verdictOf(report as ConformanceReport) };
}
