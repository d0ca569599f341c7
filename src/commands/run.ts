// `run`: config -> spec files -> target (embedded unless configured) -> preflight -> cases in
// vitest -> reports. Returns the exit status: 0 all passed, 1 a case failed or errored, 2 usage,
// configuration or preflight error.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.js';
import { loadSuite } from '../spec/load.js';
import { preflight } from '../preflight.js';
import { projectPath, PROJECT_ROOT } from '../paths.js';
import { ConformanceReporter } from '../report/vitest-reporter.js';
import { clauseEntries, sortCases, summarize, type ConformanceReport } from '../report/model.js';
import { summaryLines } from '../report/console-output.js';
import { writeReports } from '../report/write-reports.js';
import type { RunSettings } from '../runner/settings.js';

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

const TOOL_VERSION = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;

export async function run(config: Config, io: Output): Promise<number> {
  const startedAt = new Date();
  const suite = loadSuite();
  const embedded = config.targetUrl === null ? await startEmbedded(config) : null;
  try {
    const targetUrl = embedded?.url ?? config.targetUrl!;
    const effective = embedded ? { ...config, accounts: embedded.accounts } : config;
    const checked = await preflight(effective, targetUrl);
    const settings: RunSettings = {
      targetUrl, profile: config.profile, featureLevel: checked.featureLevel, claimedFeatureLevel: checked.claimedFeatureLevel,
      timeoutMs: config.timeoutMs, concurrency: config.concurrency, runId: randomBytes(4).toString('hex'),
      accounts: checked.accounts, register: checked.register,
      grep: config.grep, operations: config.operations, clauses: config.clauses,
    };
    io.out(`teamchat-conformance ${TOOL_VERSION}: ${targetUrl}${embedded ? ' (embedded reference server)' : ''}, feature level ${settings.featureLevel}, profile ${settings.profile}`);
    const reporter = new ConformanceReporter(io.out);
    await runVitest(settings, reporter);
    const cases = sortCases(reporter.results);
    const report: ConformanceReport = {
      formatVersion: 1,
      tool: { name: 'teamchat-conformance', version: TOOL_VERSION },
      target: { url: targetUrl, featureLevel: settings.featureLevel, claimedFeatureLevel: settings.claimedFeatureLevel, profile: settings.profile, embedded: embedded !== null },
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(Date.now() - startedAt.getTime()),
      summary: summarize(cases),
      cases,
      clauses: clauseEntries(suite.clauses, cases),
      runWarnings: reporter.runWarnings,
    };
    const files = writeReports(report, resolve(config.reportDir));
    for (const line of summaryLines(report, files)) io.out(line);
    const bad = report.summary.failed + report.summary.errored;
    return bad > 0 || (report.summary.total === 0 && reporter.runWarnings.length > 0) ? 1 : 0;
  } finally {
    await embedded?.close();
  }
}

async function startEmbedded(config: Config) {
  // Loaded only when needed: a run against a remote target never pays for the reference server.
  const { startReferenceServer } = await import('../reference/server.js');
  return startReferenceServer({ quirks: config.referenceQuirks });
}

async function runVitest(settings: RunSettings, reporter: ConformanceReporter): Promise<void> {
  const { startVitest } = await import('vitest/node');
  const vitest = await startVitest('test', [], { watch: false, config: false, reporters: [reporter] }, {
    root: PROJECT_ROOT,
    logLevel: 'error',
    test: {
      include: ['src/runner/conformance.entry.ts'],
      pool: 'threads',
      // STACK.md: per-file isolation costs 130-170 ms a file; the cases share nothing mutable.
      isolate: false,
      maxWorkers: 2,
      // The Session schedules cases; vitest only needs to let them all be in flight.
      maxConcurrency: 10_000,
      testTimeout: 0,
      hookTimeout: 0,
      provide: { conformance: settings },
    },
  });
  await vitest.close();
}
