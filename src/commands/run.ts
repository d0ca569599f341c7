// `run`: config -> spec files -> target (embedded unless configured) -> preflight -> cases in
// vitest -> reports (run-report.ts). Returns the exit status: 0 all passed (or every failure is
// known to the baseline or expectations), 1 a case failed or errored, 2 usage, configuration or
// preflight error. --list prints the plan and sends nothing.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanupLedger, readLedger } from './cleanup.js';
import type { Config } from '../config.js';
import { loadSuite } from '../engine/load.js';
import { preflight } from '../preflight.js';
import { requireWriteConsent } from './write-consent.js';
import { projectPath, PROJECT_ROOT } from '../paths.js';
import { ConformanceReporter } from '../report/vitest-reporter.js';
import { finishRun, prepareRun } from './run-report.js';
import { listPlan } from './list-plan.js';
import { propertyFiles } from '../property/files.js';
import type { RunSettings } from '../runner/settings.js';
import type { SpecFile } from '../engine/types.js';
import type { Output } from './output.js';

const TOOL_VERSION = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;

export async function run(config: Config, io: Output): Promise<number> {
  const startedAt = new Date();
  const suite = loadSuite();
  // --list sends nothing, so it needs no consent to write.
  if (config.list) return listPlan(config, suite, io);
  requireWriteConsent(config);
  const inputs = prepareRun(config);
  const embedded = config.targetUrl === null ? await startEmbedded(config) : null;
  try {
    const targetUrl = embedded?.url ?? config.targetUrl!;
    const effective = embedded ? { ...config, accounts: { ...embedded.accounts, bot: embedded.bot } } : config;
    const checked = await preflight(effective, targetUrl);
    const settings: RunSettings = {
      targetUrl, profile: config.profile, featureLevel: checked.featureLevel, claimedFeatureLevel: checked.claimedFeatureLevel,
      serverVersion: checked.serverVersion,
      timeoutMs: config.timeoutMs, concurrency: config.concurrency, runId: randomBytes(4).toString('hex'),
      accounts: checked.accounts, register: checked.register,
      grep: config.grep, operations: config.operations, clauses: config.clauses,
      seed: config.seed, replayPath: config.replayPath, propertyFactor: config.thorough ? 10 * config.propertyFactor : config.propertyFactor,
      shard: config.shard, harDir: inputs.harDir,
    };
    const ledgerFile = startLedger(config.reportDir);
    settings.ledgerFile = ledgerFile;
    settings.stopFile = `${ledgerFile}.stop`;
    rmSync(settings.stopFile, { force: true });
    io.out(`teamchat-conformance ${TOOL_VERSION}: ${targetUrl}${embedded ? ' (embedded reference server)' : ''}, feature level ${settings.featureLevel}, profile ${settings.profile}`);
    const reporter = new ConformanceReporter(io.out);
    const interrupted = await runVitest(settings, reporter, suite.specs);
    if (interrupted) {
      // Ctrl-C: cases in flight finished, the rest did not start; remove what the run made.
      const cleaned = await cleanupLedger(effective, targetUrl, readLedger(ledgerFile), io.err);
      reporter.runWarnings.push(`interrupted by ${interrupted}: the cases not yet started did not run; `
        + `cleanup from the ledger removed ${cleaned.undone}, ${cleaned.failed.length} could not be removed`);
    }
    const retries = reporter.results.reduce((sum, r) => sum + (r.rateLimitRetries ?? 0), 0);
    if (retries) reporter.runWarnings.push(`the target rate-limited ${retries} request(s) (HTTP 429); each was waited out and sent again`);
    return finishRun(config, inputs, {
      suite,
      parts: {
        tool: { name: 'teamchat-conformance', version: TOOL_VERSION },
        target: { url: targetUrl, featureLevel: settings.featureLevel, claimedFeatureLevel: settings.claimedFeatureLevel, profile: settings.profile, embedded: embedded !== null },
        startedAt: startedAt.toISOString(),
        durationMs: Math.round(Date.now() - startedAt.getTime()),
        cases: reporter.results,
        runWarnings: reporter.runWarnings,
        ...(config.shard ? { shard: config.shard } : {}),
      },
    }, io) || (interrupted ? 1 : 0);
  } finally {
    await embedded?.close();
  }
}

async function startEmbedded(config: Config) {
  // Loaded only when needed: a run against a remote target never pays for the reference server.
  const { startReferenceServer } = await import('../reference/server.js');
  return startReferenceServer({ quirks: config.referenceQuirks });
}

/** A fresh ledger file in the report directory for this run. */
function startLedger(reportDir: string): string {
  mkdirSync(resolve(reportDir), { recursive: true });
  const file = resolve(reportDir, 'ledger.jsonl');
  writeFileSync(file, '');
  return file;
}

/** Runs the cases; returns the signal that interrupted the run, or null. */
async function runVitest(settings: RunSettings, reporter: ConformanceReporter, specs: SpecFile[]): Promise<string | null> {
  const { createVitest } = await import('vitest/node');
  let interrupted: string | null = null;
  let vitest: Awaited<ReturnType<typeof createVitest>> | undefined;
  const stop = (signal: string) => {
    interrupted = signal;
    // The workers look for this file before each case; vitest's own cancel reaches only some.
    if (settings.stopFile) writeFileSync(settings.stopFile, signal);
    void vitest?.cancelCurrentRun('keyboard-input');
  };
  const onInt = () => stop('SIGINT');
  const onTerm = () => stop('SIGTERM');
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  vitest = await createVitest('test', { watch: false, config: false, reporters: [reporter] }, {
    root: PROJECT_ROOT,
    logLevel: 'error',
    test: {
      include: ['src/runner/conformance.entry.ts'],
      pool: 'threads',
      // STACK.md: per-file isolation costs 130-170 ms a file; the cases share nothing mutable.
      isolate: false,
      maxWorkers: 2,
      // Transformed modules kept in node_modules/.experimental-vitest-cache, keyed by content:
      // a run after the first starts its worker in about half the time.
      experimental: { fsModuleCache: true },
      // The Session schedules cases; vitest only needs to let them all be in flight.
      maxConcurrency: 10_000,
      testTimeout: 0,
      hookTimeout: 0,
      provide: { conformance: settings, specs, propertyFiles: propertyFiles() },
    },
  });
  // vitest's logger exits the process on SIGINT/SIGTERM; this run cancels instead, so that it
  // can clean up what it created and write its report.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) if (listener !== onInt && listener !== onTerm) process.off(signal, listener);
  }
  if (!interrupted) await vitest.start();
  process.off('SIGINT', onInt);
  process.off('SIGTERM', onTerm);
  await vitest.close();
  return interrupted;
}
