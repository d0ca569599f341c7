// `run`: config -> target (embedded unless configured) -> preflight, while the spec files and
// vitest load -> cases in vitest -> reports (run-report.ts). Returns the exit status: 0 all passed
// (or every failure is known to the baseline or expectations), 1 a case failed or errored, 2
// usage, configuration or preflight error (3, an internal error, is cli.ts's). --list prints the
// plan and sends nothing.
//
// Start-up order: the first request goes out before the heavy modules load (the spec loader and
// its YAML parser, vitest's node API, the report writers), and they load while the preflight
// waits for the target's answers; the report writers load while the cases run. Only a filtered
// run (--grep, --operation, --clause) loads the suite first, to refuse a filter that matches nothing.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addCosts, type RequestCost } from '../http/request-cost.js';
import type { Config } from '../config/config.js';
import { documentedParameters } from '../engine/run/plan.js';
import { kindChecksOf } from '../engine/load/statement-kinds.js';
import { preflight, preflightTimeoutMs } from './preflight.js';
import { LiveLine } from '../report/writers/live-line.js';
import { withWaitNotice } from './preflight-wait.js';
import { requireWriteConsent } from './write-consent.js';
import { flagSettingName } from '../config/audience.js';
import { TOOL } from '../common/tool.js';
import { ensureWritableDir } from './report-dir.js';
import { prepareRun } from './run-inputs.js';
import { checkFilterMatches, filtered } from './filter-check.js';
import { planInputFor } from './plan-input.js';
import type { RunSettings } from '../runner/hand-over.js';
import type { Output } from './output.js';
import { stopChannelName } from '../runner/stop-signal.js';

export async function run(config: Config, io: Output): Promise<number> {
  const startedAt = new Date();
  if (filtered(config)) {
    const { loadSuite } = await import('../engine/load/load.js');
    await checkFilterMatches(config, loadSuite(), planInputFor(config));
  }
  // --list sends nothing, so it needs no consent to write.
  if (config.list) return listOnly(config, io);
  requireWriteConsent(config);
  ensureWritableDir(config.reportDir, flagSettingName('report-dir', 'CONFORMANCE_REPORT_DIR'));
  const inputs = await prepareRun(config);
  const embedded = config.targetUrl === null ? await startEmbedded(config) : null;
  try {
    const targetUrl = embedded?.url ?? config.targetUrl!;
    const effective = embedded ? { ...config, accounts: { ...embedded.accounts, bot: embedded.bot } } : config;
    const live = process.stdout.isTTY ? new LiveLine(process.stdout) : null;
    const out = live ? (line: string) => live.print(line) : io.out;
    // Once the target answers, what the run needs loads while the preflight goes on; an
    // unreachable target is reported at once, with nothing loaded in vain.
    let loading: ReturnType<typeof loadRunModules> | undefined;
    const load = () => (loading ??= loadRunModules());
    const checked = await withWaitNotice((onStep) => preflight(effective, targetUrl, onStep, () => void load().catch(() => undefined)), {
      targetUrl,
      limitMs: preflightTimeoutMs(config),
      live,
      out,
    });
    const [{ loadSuite }, { runVitest }, { ConformanceReporter }, { runExplainer }] = await load();
    const suite = loadSuite();
    const settings: RunSettings = {
      targetUrl,
      profile: config.profile,
      featureLevel: checked.featureLevel,
      claimedFeatureLevel: checked.claimedFeatureLevel,
      serverVersion: checked.serverVersion,
      referenceSeed: checked.serverVersion === 'reference',
      // The embedded reference server's owner holds it; elsewhere the configuration says.
      ownerCanChangeUserEmails: embedded !== null || config.ownerCanChangeUserEmails,
      timeoutMs: config.timeoutMs,
      concurrency: config.concurrency,
      runId: randomBytes(4).toString('hex'),
      accounts: checked.accounts,
      register: checked.register,
      disputedClauses: suite.clauses.filter((c) => c.disputed).map((c) => c.id),
      documentedParameters: documentedParameters(suite.specs, checked.featureLevel),
      kinds: kindChecksOf(suite.clauses, documentedParameters(suite.specs, checked.featureLevel)),
      resources: suite.resources,
      grep: config.grep,
      operations: config.operations,
      clauses: config.clauses,
      seed: config.seed,
      replayPath: config.replayPath,
      propertyFactor: config.thorough ? 10 * config.propertyFactor : config.propertyFactor,
      shard: config.shard,
      harDir: inputs.harDir,
    };
    const ledgerFile = startLedger(config.reportDir);
    settings.ledger = { file: ledgerFile, resources: suite.resources };
    settings.stopChannel = stopChannelName(settings.runId);
    const costDir = mkdtempSync(join(tmpdir(), 'tcc-cost-'));
    settings.costFile = join(costDir, 'cost.json');
    io.out(
      `${TOOL.name} ${TOOL.version}: ${targetUrl}${embedded ? ' (embedded reference server: no target configured)' : ''}, feature level ${settings.featureLevel}, profile ${settings.profile}`,
    );
    const reporter = new ConformanceReporter(out, {
      explain: runExplainer(inputs.baseline, inputs.expectations?.entries, startedAt.toISOString().slice(0, 10)),
      live,
      startedAt: startedAt.getTime(),
    });
    const reporting = import('./run-report.js');
    reporting.catch(() => undefined);
    const interrupted = await runVitest(settings, reporter, suite.specs);
    if (interrupted) {
      // Ctrl-C: cases in flight finished, the rest did not start; remove what the run made.
      const { cleanupLedger, readLedger } = await import('./cleanup.js');
      const cleaned = await cleanupLedger(effective, targetUrl, readLedger(ledgerFile), suite.resources, io.err);
      reporter.runWarnings.push(
        `interrupted by ${interrupted}: the cases not yet started did not run; ` +
          `cleanup from the ledger removed ${cleaned.undone}, ${cleaned.failed.length} could not be removed`,
      );
    }
    const cost = addCosts([checked.cost, ...readCost(settings.costFile)]);
    rmSync(costDir, { recursive: true, force: true });
    const retries = reporter.results.reduce((sum, r) => sum + (r.rateLimitRetries ?? 0), 0);
    if (retries) reporter.runWarnings.push(`the target rate-limited ${retries} request(s) (HTTP 429); each was waited out and sent again`);
    const { finishRun } = await reporting;
    return (
      finishRun(
        config,
        inputs,
        {
          suite,
          parts: {
            tool: TOOL,
            target: {
              url: targetUrl,
              featureLevel: settings.featureLevel,
              claimedFeatureLevel: settings.claimedFeatureLevel,
              ...(config.featureLevel !== null && config.featureLevel !== settings.featureLevel ? { requestedFeatureLevel: config.featureLevel } : {}),
              profile: settings.profile,
              embedded: embedded !== null,
            },
            startedAt: startedAt.toISOString(),
            durationMs: Math.round(Date.now() - startedAt.getTime()),
            cases: reporter.results,
            cost,
            runWarnings: reporter.runWarnings,
            ...(config.shard ? { shard: config.shard } : {}),
          },
        },
        io,
      ) || (interrupted ? 1 : 0)
    );
  } finally {
    await embedded?.close();
  }
}

/** The spec loader (and its YAML parser), the vitest runner with its node API, the reporter and its explainer. */
function loadRunModules() {
  return Promise.all([
    import('../engine/load/load.js'),
    import('./run-vitest.js'),
    import('../report/writers/vitest-reporter.js'),
    import('../report/model/explained.js'),
    import('vitest/node'),
  ]);
}

async function listOnly(config: Config, io: Output): Promise<number> {
  const [{ loadSuite }, { listPlan }] = await Promise.all([import('../engine/load/load.js'), import('./list-plan.js')]);
  return listPlan(config, loadSuite(), io);
}

async function startEmbedded(config: Config) {
  // Loaded only when needed: a run against a remote target never pays for the reference server.
  const { startReference } = await import('./reference-server.js');
  return startReference({ quirks: config.referenceQuirks }, '--reference-quirk');
}

/** What the worker's requests cost, as it wrote it when it closed (none when it did not). */
function readCost(file: string): RequestCost[] {
  try {
    return [JSON.parse(readFileSync(file, 'utf8')) as RequestCost];
  } catch {
    return [];
  }
}

/** A fresh ledger file in the report directory for this run. */
function startLedger(reportDir: string): string {
  mkdirSync(resolve(reportDir), { recursive: true });
  const file = resolve(reportDir, 'ledger.jsonl');
  writeFileSync(file, '');
  return file;
}
