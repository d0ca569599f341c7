// The end of a run: the report (with baseline, expectations and the effective feature level),
// its files, the HAR, the console summary and GitHub annotations, and the exit status. Loaded
// while the cases run (run.ts), as nothing before needs it.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../../config/config.js';
import type { Suite } from '../../engine/load/load.js';
import type { CaseResult } from '../../engine/run/run-case.js';
import { assembleReport, withCurl, type ReportParts } from '../../report/model/assemble.js';
import { apiOf } from '../../report/model/api.js';
import { loadExpectations } from '../../report/model/expectations.js';
import { updateExpectationsFile } from '../../report/cross-run/expectations-update.js';
import { writeReportSet } from '../../report/writers/report-set.js';
import { assembleHar } from '../../report/writers/har.js';
import { summaryLines } from '../../report/writers/console-output.js';
import { annotations } from '../../report/writers/github-annotations.js';
import type { Output } from '../shared/output.js';
import { viaAction } from '../../common/audience.js';
import type { RunInputs } from './run-inputs.js';

export interface RunOutcome {
  parts: Omit<ReportParts, 'baseline' | 'expectations' | 'catalog'>;
  suite: Suite;
}

/** Writes the reports and prints the summary; returns 1 when the run fails, else 0 (run.ts maps a stopped run's status). */
export function finishRun(config: Config, inputs: RunInputs, { parts, suite }: RunOutcome, io: Output, interruptedBy: NodeJS.Signals | null = null): number {
  const today = new Date().toISOString().slice(0, 10);
  let expectations = inputs.expectations;
  let updated: { added: string[]; removed: string[] } | undefined;
  if (config.updateExpectations && config.expectations) {
    updated = updateExpectationsFile(config.expectations, parts.cases.map(withCurl), today);
    expectations = { file: config.expectations, entries: loadExpectations(config.expectations) };
  }
  const knownIds = new Set([...suite.specs.flatMap((s) => s.cases.map((c) => c.id)), ...parts.cases.map((c: CaseResult) => c.id)]);
  const report = assembleReport({
    ...parts,
    catalog: suite.clauses,
    facts: suite.facts,
    api: apiOf(suite.specs),
    ...(inputs.baseline ? { baseline: inputs.baseline } : {}),
    ...(expectations ? { expectations: { ...expectations, knownIds, today, ...(updated ? { updated } : {}) } } : {}),
    verdict: { failOnSkip: config.failOnSkip, ...(interruptedBy ? { interruptedBy } : {}) },
  });
  const files = writeReportSet(report, resolve(config.reportDir));
  if (config.har && inputs.harDir) {
    const count = assembleHar(inputs.harDir, resolve(config.har), report.tool);
    rmSync(inputs.harDir, { recursive: true, force: true });
    files.push(`${resolve(config.har)} (${count} requests)`);
  }
  // The annotations first: GitHub hides them from the log, whose last line is the verdict. The
  // action's run step leads them with the run's cause, and keeps a place for it.
  if (process.env.GITHUB_ACTIONS === 'true') {
    for (const line of annotations(report, { reserved: viaAction() ? 1 : 0, workspace: process.env.GITHUB_WORKSPACE })) io.out(line);
  }
  for (const line of summaryLines(report, files)) io.out(line);
  return report.verdict.status === 'fail' ? 1 : 0;
}
