// `run`: config -> the report directory's lock -> target (embedded unless configured) ->
// preflight, while the spec files and vitest load -> what an unfinished earlier run left, removed
// -> cases in vitest -> reports (run-report.ts). Returns the exit status: 0 all passed (or every
// failure is known to the baseline or expectations), 1 a case failed or errored, 2 usage,
// configuration or preflight error (3, an internal error, is cli.ts's), 130 or 143 when a signal
// stopped it (run-stop.ts). --list prints the plan and sends nothing.
//
// Its stages, each a file of this folder, in the order a run goes through them: plan-input.ts and
// filter-check.ts (planned-cases.ts) or list-plan.ts (--list), run-inputs.ts, report-dir-lock.ts,
// preflight.ts (preflight-wait.ts), leftovers.ts, run-vitest.ts (run-stop.ts for signals),
// ledger-end.ts, run-report.ts, and exit-status.ts for how the command line ends on an error.
//
// Start-up order: the first request goes out before the heavy modules load (the spec loader and
// its YAML parser, vitest's node API, the report writers), and they load while the preflight
// waits for the target's answers; the report writers load while the cases run. Only a filtered
// run (--grep, --operation, --clause) loads the suite first, to refuse a filter that matches nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCosts, type RequestCost } from '../../http/request-cost.js';
import type { Config } from '../../config/config.js';
import { documentedParameters } from '../../engine/run/plan.js';
import { kindChecksOf } from '../../engine/load/statement-kinds.js';
import { preflight, preflightTimeoutMs, type PreflightResult } from './preflight.js';
import { LiveLine } from '../../report/writers/live-line.js';
import { withWaitNotice } from './preflight-wait.js';
import { requireWriteConsent } from '../shared/write-consent.js';
import { levelToJudge } from '../../common/vocabulary.js';
import { flagSettingName } from '../../common/audience.js';
import { TOOL } from '../../common/tool.js';
import { ensureWritableDir } from '../shared/report-dir.js';
import { lockReportDir } from './report-dir-lock.js';
import { prepareRun, type RunInputs } from './run-inputs.js';
import { checkFilterMatches, filtered } from './filter-check.js';
import { planInputFor } from './plan-input.js';
import type { RunSettings } from '../../runner/hand-over.js';
import type { Output } from '../shared/output.js';
import { stopChannelName } from '../../runner/stop-signal.js';
import { planInputOf } from '../../engine/run/plan.js';
import { limitBoundsRun, propertyBudget } from '../../property/budget.js';
import type { Role } from '../../common/vocabulary.js';
import { exitStatusOf, RunStop } from './run-stop.js';
import { ledgerPath, readLedgerFile, startLedger } from '../shared/ledger-file.js';
import { leftoversOf, removeLeftovers } from './leftovers.js';
import type { CaseResult } from '../../engine/run/run-case.js';
import type { Suite } from '../../engine/load/load.js';
import { COMPILED } from '../../common/paths.js';

export async function run(config: Config, io: Output): Promise<number> {
  const startedAt = new Date();
  const stop = new RunStop(io.err);
  // A signal after the cases still makes the run exit as a stopped one.
  const exit = (status: number) => (stop.signal ? exitStatusOf(stop.signal) : status);
  try {
    if (filtered(config)) {
      const { loadSuite } = await import('../../engine/load/load.js');
      await checkFilterMatches(config, loadSuite(), planInputFor(config));
    }
    // --list sends nothing, so it needs no consent to write.
    if (config.list) return exit(await listOnly(config, io));
    requireWriteConsent(config);
    const reportDirName = flagSettingName('report-dir', 'CONFORMANCE_REPORT_DIR');
    ensureWritableDir(config.reportDir, reportDirName);
    const release = lockReportDir(config.reportDir, reportDirName);
    try {
      return exit(await runLocked(config, io, stop, startedAt));
    } finally {
      release();
    }
  } finally {
    stop.dispose();
  }
}

async function runLocked(config: Config, io: Output, stop: RunStop, startedAt: Date): Promise<number> {
  const inputs = await prepareRun(config);
  const ledgerFile = ledgerPath(config.reportDir);
  // What a killed run left on this target is removed before this run starts (after the
  // preflight, with this run's accounts); one against another target stops the run here.
  const leftovers = leftoversOf(readLedgerFile(ledgerFile), config, io);
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
    // Run from the sources, each module goes through tsx's esbuild service, a child process the
    // terminal's Ctrl-C ends too: all a stopped run needs afterwards is loaded from the start.
    if (!COMPILED) void Promise.all([load(), ...loadStopModules()]).catch(() => undefined);
    // A signal during the preflight does not wait for it: no case has run, nothing is made.
    const checking = stop.signal
      ? null
      : withWaitNotice((onStep) => preflight(effective, targetUrl, onStep, () => void load().catch(() => undefined)), {
          targetUrl,
          limitMs: preflightTimeoutMs(config),
          live,
          out,
        });
    checking?.catch(() => undefined);
    const checked = checking && (await Promise.race([checking, stop.stopped.then(() => null)]));
    const [{ loadSuite }, { runVitest }, { ConformanceReporter }, { runExplainer }] = await load();
    const suite = loadSuite();
    const runId = randomBytes(4).toString('hex');
    const reporter = new ConformanceReporter(out, {
      explain: runExplainer(inputs.baseline, inputs.expectations?.entries, startedAt.toISOString().slice(0, 10)),
      live,
      startedAt: startedAt.getTime(),
    });
    const reporting = import('./run-report.js');
    reporting.catch(() => undefined);
    let results: CaseResult[];
    let cost: RequestCost | undefined;
    let propertyBudget: { factor: number; reason: string | null } | undefined;
    if (checked && leftovers && !stop.signal) await removeLeftovers(leftovers, effective, targetUrl, suite.resources, io);
    if (checked && !stop.signal) {
      const settings = runSettings(config, checked, targetUrl, runId, inputs, suite, embedded !== null);
      startLedger(ledgerFile, { run: runId, target: targetUrl, embedded: embedded !== null, startedAt: startedAt.toISOString() });
      settings.ledger = { file: ledgerFile, resources: suite.resources, changes: suite.changes };
      const costDir = mkdtempSync(join(tmpdir(), 'tcc-cost-'));
      settings.costFile = join(costDir, 'cost.json');
      stop.ledger = { file: ledgerFile, cleanup: `npm run cli -- cleanup --ledger ${ledgerFile} (with the run's --env-file)` };
      io.out(
        `${TOOL.name} ${TOOL.version}: ${targetUrl}${embedded ? ' (embedded reference server: no target configured)' : ''}, feature level ${settings.featureLevel}, profile ${settings.profile}`,
      );
      propertyBudget = { factor: settings.propertyFactor, reason: settings.propertyBudgetReason ?? null };
      await runVitest(settings, reporter, suite, stop);
      results = reporter.results;
      cost = addCosts([checked.cost, ...readCost(settings.costFile)]);
      rmSync(costDir, { recursive: true, force: true });
      if (stop.signal) {
        // Stopped: the cases running ended (or were cut after the grace), the rest did not start; remove what the run made.
        const { withUnfinished } = await import('./planned-cases.js');
        results = await withUnfinished(
          suite,
          planInputOf(
            settings,
            settings.featureLevel,
            Object.keys(settings.accounts) as Role[],
            settings.referenceSeed,
            settings.ownerCanChangeUserEmails ?? false,
          ),
          results,
          reporter.started,
        );
      }
      const { endLedger } = await import('./ledger-end.js');
      reporter.runWarnings.push(...(await endLedger(effective, targetUrl, ledgerFile, suite.resources, stop.signal !== null)));
    } else {
      // Stopped before the first case: every case of the plan is reported, as not started.
      const { withUnfinished } = await import('./planned-cases.js');
      results = await withUnfinished(suite, planInputFor(config), [], new Set());
    }
    const retries = results.reduce((sum, r) => sum + (r.rateLimitRetries ?? 0), 0);
    if (retries) reporter.runWarnings.push(`the target rate-limited ${retries} request(s) (HTTP 429); each was waited out and sent again`);
    const { finishRun } = await reporting;
    return finishRun(
      config,
      inputs,
      {
        suite,
        parts: {
          tool: TOOL,
          target: {
            url: targetUrl,
            featureLevel: checked?.featureLevel ?? levelToJudge(config.featureLevel, null),
            claimedFeatureLevel: checked?.claimedFeatureLevel ?? null,
            ...(config.featureLevel !== null && checked && config.featureLevel !== checked.featureLevel ? { requestedFeatureLevel: config.featureLevel } : {}),
            profile: config.profile,
            embedded: embedded !== null,
          },
          startedAt: startedAt.toISOString(),
          durationMs: Math.round(Date.now() - startedAt.getTime()),
          cases: results,
          ...(cost ? { cost } : {}),
          ...(propertyBudget ? { propertyBudget } : {}),
          runWarnings: reporter.runWarnings,
          ...(config.shard ? { shard: config.shard } : {}),
          filter: runFilter(config),
        },
      },
      io,
      stop.signal,
    );
  } finally {
    await embedded?.close();
  }
}

function runSettings(
  config: Config,
  checked: PreflightResult,
  targetUrl: string,
  runId: string,
  inputs: RunInputs,
  suite: Pick<Suite, 'clauses' | 'specs' | 'resources'>,
  embedded: boolean,
): RunSettings {
  const budget = propertyBudget({ factor: config.propertyFactor, thorough: config.thorough, rateLimit: checked.rateLimit });
  return {
    targetUrl,
    profile: config.profile,
    featureLevel: checked.featureLevel,
    claimedFeatureLevel: checked.claimedFeatureLevel,
    serverVersion: checked.serverVersion,
    // Its seeded data (push devices) belong to its seeded accounts; its clock serves any.
    referenceSeed: checked.seededAccounts,
    referenceClock: checked.serverVersion === 'reference',
    // The embedded reference server's owner holds it; elsewhere the configuration says.
    ownerCanChangeUserEmails: embedded || config.ownerCanChangeUserEmails,
    timeoutMs: config.timeoutMs,
    concurrency: config.concurrency,
    runId,
    accounts: checked.accounts,
    extras: checked.extras,
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
    propertyFactor: budget.factor,
    propertyBudgetReason: budget.reason,
    groupsFirst: limitBoundsRun(checked.rateLimit),
    shard: config.shard,
    harDir: inputs.harDir,
    stopChannel: stopChannelName(runId),
  };
}

/** The filters of the run, for every report (a run with any is partial). */
function runFilter(config: Config) {
  return {
    ...(config.grep !== null ? { grep: config.grep } : {}),
    ...(config.operations.length ? { operations: config.operations } : {}),
    ...(config.clauses.length ? { clauses: config.clauses } : {}),
    ...(config.shard ? { shard: config.shard } : {}),
  };
}

/** What a stopped run loads after the signal: the plan of the cases not run (the properties' modules too), the cleanup, the reports. */
function loadStopModules() {
  return [import('./planned-cases.js').then(({ loadPropertyShapes }) => loadPropertyShapes()), import('./ledger-end.js'), import('./run-report.js')];
}

/** The spec loader (and its YAML parser), the vitest runner with its node API, the reporter and its explainer. */
function loadRunModules() {
  return Promise.all([
    import('../../engine/load/load.js'),
    import('./run-vitest.js'),
    import('../../report/writers/vitest-reporter.js'),
    import('../../report/model/explained.js'),
    import('vitest/node'),
  ]);
}

async function listOnly(config: Config, io: Output): Promise<number> {
  const [{ loadSuite }, { listPlan }] = await Promise.all([import('../../engine/load/load.js'), import('./list-plan.js')]);
  return listPlan(config, loadSuite(), io);
}

async function startEmbedded(config: Config) {
  // Loaded only when needed: a run against a remote target never pays for the reference server.
  const { startReference } = await import('../serve/reference-server.js');
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
