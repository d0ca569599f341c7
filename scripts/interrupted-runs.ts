// Interrupted runs against one long-lived server leave nothing behind and always report honestly:
// `serve` once, two whole runs (the moments are drawn from how long one takes), then RUNS runs
// into one report directory, each stopped at a moment drawn over its whole life, start-up
// included, in one of these ways:
//   group   SIGINT or SIGTERM to the command's process group (a terminal's Ctrl-C, a cancelled job);
//           with --hard some get a second signal 1.2-3.2 s later
//   parent  SIGTERM to the shell that started it, alone (npm run and npx start it through one)
//   npm     `npm run conformance`: SIGINT to its group, or SIGTERM to npm alone
//   kill9   SIGKILL once its ledger shows a setting changed and not yet put back
// Every interrupted run is judged: it ended; its reports (when it had to write them) are its own,
// written once, list each case once and say INTERRUPTED by the signal sent; its ledger is
// finished unless it was killed; and after each run whose ledger is finished the organisation is
// as it was before (its settings, the defaults, each account's settings, status, name, role and
// address, the channels no run made). A last whole run must pass and leave the same. Not part of
// npm test (it takes minutes); CI runs 30 (.ci/run):
//   npm run interrupted -- [runs] [--hard] [--seed N]
// Prints each run and what was wrong with it; exits 1 when anything was.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, projectPath } from '../src/common/paths.js';
import { closingLineOf } from '../src/report/writers/console-output.js';
import { readEnvFile } from '../src/config/env-file.js';
import { KNOWN_ENV_KEYS } from '../src/config/config.js';
import { ROLES } from '../src/common/vocabulary.js';
import { readLedgerFile } from '../src/commands/shared/ledger-file.js';
import { unsettledChanges } from '../src/commands/cleanup/restore-changes.js';
import { differences, snapshot, type Target } from './interrupted/organisation.js';

const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => /^\d+$/.test(a)) ?? 30);
const HARD = args.includes('--hard');
const seedAt = args.indexOf('--seed');
let seed = seedAt >= 0 ? Number(args[seedAt + 1]) : Date.now() % 100_000;
const firstSeed = seed;
/** A small deterministic generator, so a failing sequence can be replayed with --seed. */
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
/** A run not over this long after it started is stuck. */
const STUCK_MS = 180_000;

const BIN = projectPath('bin', 'teamchat-conformance.mjs');
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('npm_') && k !== 'INIT_CWD'));
const dir = mkdtempSync(join(tmpdir(), 'tcc-interrupted-'));
const envFile = join(dir, 'ref.env');
const reports = join(dir, 'reports');
const ledgerFile = join(reports, 'ledger.jsonl');
const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Way = 'group' | 'parent' | 'npm-group' | 'npm-parent' | 'kill9';
interface Ran {
  way: Way;
  launchedAt: number;
  /** When the (first) signal went, and which; null when the run ended first. */
  signalAt: number | null;
  signals: NodeJS.Signals[];
  /** The command's own exit, when its parent was this script (group, kill9). */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The command's node process was seen running before the signal (Linux /proc). */
  started: boolean;
  stuck: boolean;
  stdout: string;
}

const runArgs = ['run', '--env-file', envFile, '--report-dir', reports];

function launch(way: Way): ChildProcess {
  const options = { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] as ('ignore' | 'pipe')[] };
  if (way === 'parent') return spawn('sh', ['-c', '"$0" "$@"; exit $?', process.execPath, '--', BIN, ...runArgs], options);
  if (way === 'npm-group' || way === 'npm-parent')
    return spawn('npm', ['run', '--silent', 'conformance', '--', ...runArgs.slice(1)], { ...options, cwd: PROJECT_ROOT });
  return spawn(process.execPath, ['--', BIN, ...runArgs], options);
}

/** Whether a node process of this script's runs is alive (its command line names the report directory). */
function commandRunning(): boolean {
  if (!existsSync('/proc')) return true;
  return readdirSync('/proc').some((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes(BIN) && cmdline.includes(reports) && !cmdline.startsWith('sh\0');
    } catch {
      return false;
    }
  });
}

/** Runs the suite the given way, stopping it at `afterMs` (kill9: once a change is unsettled). */
async function interrupted(way: Way, afterMs: number, signals: NodeJS.Signals[]): Promise<Ran> {
  const launchedAt = Date.now();
  const ledgerBefore = readLedgerFile(ledgerFile)?.header?.run;
  const child = launch(way);
  const ran: Ran = { way, launchedAt, signalAt: null, signals, exit: null, started: false, stuck: false, stdout: '' };
  child.stdout!.on('data', (d) => (ran.stdout += d));
  child.stderr!.on('data', (d) => (ran.stdout += d));
  const closed = new Promise<void>((resolve) =>
    child.on('close', (code, signal) => {
      if (way === 'group' || way === 'kill9') ran.exit = { code, signal };
      resolve();
    }),
  );
  let over = false;
  void closed.then(() => (over = true));
  const send = (signal: NodeJS.Signals, toGroup: boolean) => {
    try {
      process.kill(toGroup ? -child.pid! : child.pid!, signal);
      return true;
    } catch {
      return false; // gone already
    }
  };
  if (way === 'kill9') {
    while (!over && Date.now() - launchedAt < STUCK_MS) {
      const ledger = readLedgerFile(ledgerFile);
      if (ledger?.header && ledger.header.run !== ledgerBefore && unsettledChanges(ledger.changes).length) {
        ran.started = true;
        if (send('SIGKILL', true)) ran.signalAt = Date.now();
        break;
      }
      await sleep(10);
    }
  } else if (signals.length) {
    await Promise.race([closed, sleep(afterMs)]);
    ran.started = commandRunning();
    if (!over && send(signals[0], way === 'group' || way === 'npm-group')) ran.signalAt = Date.now();
    if (!over && signals[1]) {
      await Promise.race([closed, sleep(1200 + random() * 2000)]);
      if (!over) send(signals[1], true);
    }
  }
  await Promise.race([closed, sleep(Math.max(0, STUCK_MS - (Date.now() - launchedAt)))]);
  if (!over) {
    ran.stuck = true;
    send('SIGKILL', true);
    await closed;
  }
  return ran;
}

interface Report {
  startedAt: string;
  summary: { total: number };
  verdict: { status: string; interrupted?: { signal: string; ran: number; notRun: number } };
  cases: { id: string }[];
}

/** What is wrong with a run's reports and ledger, and what its report said. */
function judge(ran: Ran, expectedCases: number): { problems: string[]; said: string } {
  const problems: string[] = [];
  const reportFile = join(reports, 'conformance.json');
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as Report) : null;
  // Its own: begun after this run was launched (the same clock; an earlier run stopped a moment
  // before this one started is not it).
  const own = report && Date.parse(report.startedAt) >= ran.launchedAt ? report : null;
  const ledger = readLedgerFile(ledgerFile);
  // A run stopped before its first case started no ledger: the one there is an earlier run's.
  const ownLedger = ledger?.header ? Date.parse(ledger.header.startedAt) >= ran.launchedAt : false;
  const finished = ledger?.finished ?? false;
  if (ran.stuck) problems.push(`still running ${STUCK_MS / 1000} s after it started`);
  if (existsSync(join(reports, 'run.lock')) && ran.way !== 'kill9') problems.push('left run.lock');
  const signalled = ran.signalAt !== null;
  const expected = ran.way === 'parent' || ran.way === 'npm-parent' ? 'SIGTERM' : ran.signals[0];
  const stoppedAtOnce = ran.signals.length > 1 && ran.exit?.code === 130 + (ran.signals[0] === 'SIGTERM' ? 13 : 0) && !finished;
  if (own) {
    const ids = own.cases.map((c) => c.id);
    if (new Set(ids).size !== ids.length) problems.push(`${ids.length - new Set(ids).size} cases listed twice`);
    if (ids.length !== expectedCases) problems.push(`${ids.length} cases listed, ${expectedCases} planned`);
    const writtenBeforeSignal = ran.signalAt === null || statSync(reportFile).mtimeMs <= ran.signalAt;
    // The command learns its parent is gone by looking (bin/parent-watch.mjs, every 250 ms): a run
    // whose cases all ended meanwhile writes its whole verdict, which is true.
    const parentGoneAfterItsCases =
      (ran.way === 'parent' || ran.way === 'npm-parent') &&
      own.verdict.status !== 'interrupted' &&
      ran.signalAt !== null &&
      statSync(reportFile).mtimeMs - ran.signalAt < 1000;
    if (!writtenBeforeSignal && !parentGoneAfterItsCases && !(own.verdict.status === 'interrupted' && own.verdict.interrupted?.signal === expected))
      problems.push(
        `report says ${own.verdict.status}${own.verdict.interrupted ? ` (${own.verdict.interrupted.signal})` : ''}, not INTERRUPTED by ${expected}`,
      );
    if (ownLedger && !finished) problems.push('its ledger is unfinished');
  } else if (ran.way === 'kill9') {
    if (signalled && finished) problems.push('killed with a change unsettled, yet its ledger says finished');
  } else if (stoppedAtOnce) {
    // A second signal stops at once, keeping the ledger for the next run.
  } else if (ran.exit?.signal === ran.signals[0]) {
    // Ended by the signal itself, so no handler of the command's was there yet: Node's own
    // start-up (a process under the command's name, its first line not yet run), nothing sent.
    if (ownLedger) problems.push('no report, yet it started a ledger');
  } else if (!ran.started && (ran.way === 'npm-group' || ran.way === 'npm-parent' || ran.way === 'parent')) {
    // npm or the shell went before it started the command.
  } else problems.push('no report of its own');
  const i = own?.verdict.interrupted;
  const said = own ? `${own.verdict.status}${i ? ` by ${i.signal} (${i.ran} ran, ${i.notRun} did not)` : ''}` : 'none';
  return { problems, said };
}

async function organisationProblems(target: Target, before: Record<string, unknown>): Promise<string[]> {
  return differences(before, await snapshot(target)).map((d) => `organisation changed: ${d}`);
}

const serve = spawn(process.execPath, ['--', BIN, 'serve', '--port', '0', '--env-out', envFile], { env, stdio: 'ignore' });
let failures = 0;
try {
  for (let i = 0; i < 300 && !existsSync(envFile); i += 1) await sleep(50);
  const { values } = readEnvFile(envFile, KNOWN_ENV_KEYS);
  const accountOf = (role: string) => {
    const key = role.toUpperCase();
    const email = values[`CONFORMANCE_${key}_EMAIL`];
    return email ? { email, apiKey: values[`CONFORMANCE_${key}_API_KEY`] } : undefined;
  };
  const target: Target = { url: values.CONFORMANCE_TARGET_URL, accounts: Object.fromEntries(ROLES.map((r) => [r, accountOf(r)])) };
  out(
    `one serve process (${target.url}), ${RUNS} interrupted runs into ${reports}, seed ${firstSeed}${HARD ? ', some stopped at once by a second signal' : ''}`,
  );
  // How long a whole run takes here (the second of two: the first fills the caches): the moments are drawn from it.
  let wholeMs = 0;
  let expectedCases = 0;
  for (const which of ['first', 'second']) {
    const whole = await interrupted('group', STUCK_MS, []);
    wholeMs = Date.now() - whole.launchedAt;
    expectedCases = (JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as Report).cases.length;
    out(`a whole run (${which}): exit ${whole.exit?.code}, ${(wholeMs / 1000).toFixed(1)} s: ${closingLineOf(whole.stdout) ?? whole.stdout.trim()}`);
  }
  // What a whole run leaves is the organisation every interrupted run must leave too (a time zone
  // never set, which no run can unset, was set by the whole runs).
  const before = await snapshot(target);
  const ways: [Way, number][] = [
    ['group', 0.45],
    ['parent', 0.15],
    ['npm-group', 0.1],
    ['npm-parent', 0.1],
    ['kill9', 0.2],
  ];
  const counts = new Map<string, number>();
  for (let n = 1; n <= RUNS; n += 1) {
    let draw = random();
    const way = ways.find(([, weight]) => (draw -= weight) < 0)?.[0] ?? 'group';
    // The parent killed before it started the command is no test of the command: from 1 s on.
    const earliest = way === 'group' ? 0 : 1000;
    const afterMs = Math.round(earliest + random() * (wholeMs * 1.1 - earliest));
    const signal: NodeJS.Signals = way === 'parent' || way === 'npm-parent' ? 'SIGTERM' : random() < 0.75 ? 'SIGINT' : 'SIGTERM';
    const signals: NodeJS.Signals[] = HARD && way === 'group' && random() < 0.3 ? [signal, signal] : [signal];
    const ran = await interrupted(way, afterMs, signals);
    const { problems, said } = judge(ran, expectedCases);
    if (readLedgerFile(ledgerFile)?.finished) problems.push(...(await organisationProblems(target, before)));
    const kind = `${way}${signals.length > 1 ? '+again' : ''}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const when = ran.signalAt === null ? 'ended first' : `${ran.signals.join('+')} after ${((ran.signalAt - ran.launchedAt) / 1000).toFixed(1)} s`;
    const cleaned = [/left \d+ entries[^;]*/.exec(ran.stdout)?.[0], /^cleanup: put back .*$/m.exec(ran.stdout)?.[0]].filter(Boolean).join('; ');
    const cannot = ran.stdout.split('\n').filter((l) => /^\s+(cannot put back|could not undo) /.test(l));
    out(
      `run ${String(n).padStart(3)}: ${way.padEnd(10)} ${when} -> exit ${ran.exit ? (ran.exit.code ?? ran.exit.signal) : '(its parent)'}, report: ${said}` +
        `${cleaned ? `; an unfinished run ${cleaned}` : ''}${cannot.map((l) => `\n    ${l.trim()}`).join('')}` +
        `${problems.length ? `\n    WRONG: ${problems.join('\n    WRONG: ')}` : ''}`,
    );
    if (problems.length) failures += 1;
  }
  const last = await interrupted('group', STUCK_MS, []);
  const closing = closingLineOf(last.stdout) ?? '(no closing line)';
  out(`the whole run after them: exit ${last.exit?.code}: ${closing}`);
  for (const line of last.stdout.split('\n').filter((l) => /^\s+(FAIL|ERROR) /.test(l) || /left \d+ entries/.test(l) || /^\s*cleanup:|put back/.test(l)))
    out(`  ${line.trim()}`);
  const lastProblems = [...judge(last, expectedCases).problems, ...(await organisationProblems(target, before))];
  if (last.exit?.code !== 0 || !/ 0 failed, \d+ skipped, 0 errored/.test(closing)) lastProblems.push('the whole run did not pass');
  const active = await activeRunChannels(target);
  if (active.length) lastProblems.push(`channels runs made and left active: ${active.join(', ')}`);
  for (const problem of lastProblems) out(`    WRONG: ${problem}`);
  if (lastProblems.length) failures += 1;
  out(`${RUNS} runs (${[...counts].map(([k, v]) => `${v} ${k}`).join(', ')}): ${failures ? `${failures} wrong` : 'every one right'}; seed ${firstSeed}`);
  process.exitCode = failures ? 1 : 0;
} finally {
  serve.kill('SIGINT');
}

async function activeRunChannels(target: Target): Promise<string[]> {
  const { request } = await import('undici');
  const owner = target.accounts.owner!;
  const res = await request(`${target.url}/api/v1/streams?include_all=true&exclude_archived=true`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  return ((await res.body.json()) as { streams: { name: string }[] }).streams.map((s) => s.name).filter((name) => name.startsWith('cf '));
}
