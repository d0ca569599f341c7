// Isolation: an interrupted run (Ctrl-C) starts no new case, removes what it made and writes
// every report saying INTERRUPTED, exiting 130 (143 for SIGTERM), from the command and under
// `npm run` alike; a second signal exits at once and keeps the ledger, which the next run into
// the directory cleans up first; a killed run's ledger is never overwritten; two runs cannot
// share a report directory; two runs against one server both pass and leave its seeded data.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { envFileText } from '../../src/commands/shared/env-format.js';
import { PROJECT_ROOT } from '../../src/common/paths.js';
import { cleanEnv, runCli, underShell, type Ran } from '../support/cli.js';
import { startProxy, type Proxy } from '../support/rewriting-proxy.js';
import { readReportFile } from '../support/report-format.js';
import { SAME_SIGNAL_MS } from '../../src/commands/run/run-stop.js';
import { until } from '../support/time-limits.js';

let server: ReferenceServer;
let slow: Proxy;
// Like slow, but once `stalled` its answers take 8 s: a run stopping on it is still stopping when
// a second signal comes, however fast the machine.
let stalling: Proxy;
let stalled = false;
let silent: Server;
const sockets = new Set<Socket>();
const dir = mkdtempSync(join(tmpdir(), 'tcc-isolation-'));

beforeAll(async () => {
  server = await startReferenceServer();
  writeFileSync(join(dir, 'direct.env'), envFileText(server.url, server.accounts));
  // Every answer held back 40 ms, so a run is still going when it is interrupted.
  slow = await startProxy(server.url, {
    answer: (_, a) => {
      a.delayMs = 40;
    },
  });
  writeFileSync(join(dir, 'slow.env'), envFileText(slow.url, server.accounts));
  stalling = await startProxy(server.url, {
    answer: (_, a) => {
      a.delayMs = stalled ? 8000 : 40;
    },
  });
  writeFileSync(join(dir, 'stalling.env'), envFileText(stalling.url, server.accounts));
  // A target that takes the connection and never answers: the run is stopped in its preflight.
  silent = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as { port: number }).port;
  writeFileSync(join(dir, 'silent.env'), envFileText(`http://127.0.0.1:${port}`, server.accounts));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  silent.close();
  await slow.close();
  await stalling.close();
  await server.close();
});

async function api(path: string, on = server, method: 'GET' | 'POST' = 'GET') {
  const owner = on.accounts.owner;
  const res = await request(`${on.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  return (await res.body.json()) as Record<string, unknown>;
}
/** Channels runs made and left active (their names start with "cf "; with a ledger, only that run's). */
async function activeRunChannels(on = server, ledger?: string): Promise<string[]> {
  const run = ledger ? (JSON.parse(readFileSync(ledger, 'utf8').split('\n')[0]) as { run: string }).run : '';
  const body = await api('/streams?include_all=true&exclude_archived=true', on);
  return (body.streams as { name: string }[]).map((s) => s.name).filter((n) => n.startsWith(`cf ${run}`));
}

const ledgerLines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);

/**
 * Runs the CLI; with `interrupt`, sends the signals once the run's ledger shows it has created
 * things, or once its output says `stdout` (the second signal `gapMs` after the first).
 */
function cli(args: string[], interrupt?: { signals: NodeJS.Signals[]; ledger?: string; stdout?: RegExp; gapMs?: number; onFirst?: () => void }) {
  return runCli(args, {
    onSpawn: (child) => {
      if (!interrupt) return;
      let out = '';
      child.stdout?.on('data', (d) => (out += d));
      const poll = setInterval(() => {
        const ready = interrupt.ledger ? ledgerLines(interrupt.ledger) > 10 : interrupt.stdout!.test(out);
        if (!ready) return;
        clearInterval(poll);
        const [first, ...more] = interrupt.signals;
        interrupt.onFirst?.();
        child.kill(first);
        for (const signal of more) setTimeout(() => child.kill(signal), interrupt.gapMs ?? 300);
      }, 25);
      child.on('close', () => clearInterval(poll));
    },
  });
}

/** Every report of the directory says INTERRUPTED. */
function expectInterruptedReports(reports: string, ran: Ran, signal: string) {
  const report = readReportFile(reports);
  expect(report.verdict).toMatchObject({ status: 'interrupted', interrupted: { signal } });
  const { ran: done, notRun } = report.verdict.interrupted;
  expect(done + notRun).toBeLessThanOrEqual(report.summary.total);
  expect(notRun).toBeGreaterThan(0);
  expect(report.target.conformsThrough).toBeNull();
  expect(ran.stdout).toMatch(new RegExp(`^INTERRUPTED: interrupted by ${signal}: \\d+ cases? ran, ${notRun} did not;`, 'm'));
  expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toMatch(/^## 🛑 teamchat-conformance: INTERRUPTED: /);
  expect(readFileSync(join(reports, 'conformance.html'), 'utf8')).toContain('<div class="verdict interrupted" id="verdict">INTERRUPTED</div>');
  expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain('<testsuites name="teamchat-conformance (INTERRUPTED)"');
  return report;
}

// The runs of these cases share one server but each its own report directory and run id: they run side by side.
describe.concurrent('isolation', () => {
  it('Ctrl-C: no new case starts, what the run created is removed, every report says INTERRUPTED, exit 130', async () => {
    const reports = join(dir, 'interrupted');
    const ledger = join(reports, 'ledger.jsonl');
    const ran = await cli(['run', '--env-file', join(dir, 'slow.env'), '--report-dir', reports], { signals: ['SIGINT'], ledger });
    expect(ran.code).toBe(130);
    const report = expectInterruptedReports(reports, ran, 'SIGINT');
    expect(report.cases.some((c: { message?: string }) => c.message === 'the run was interrupted before this case started')).toBe(true);
    expect(ran.stderr).toMatch(/^teamchat-conformance: SIGINT: stopping\. No new case starts/m);
    expect(readFileSync(ledger, 'utf8')).toMatch(/\{"finished":"[^"]+"\}\n$/);
    expect(existsSync(join(reports, 'run.lock'))).toBe(false);
    expect(await activeRunChannels(server, ledger)).toEqual([]);
  });

  it('SIGTERM (a cancelled CI job) the same, exit 143; stopped in the preflight, every case is reported not run', async () => {
    const [term, early, twice] = await Promise.all([
      cli(['run', '--env-file', join(dir, 'slow.env'), '--report-dir', join(dir, 'term')], { signals: ['SIGTERM'], ledger: join(dir, 'term', 'ledger.jsonl') }),
      cli(['run', '--env-file', join(dir, 'silent.env'), '--report-dir', join(dir, 'early')], { signals: ['SIGINT'], stdout: /^preflight: waiting/m }),
      // One Ctrl-C delivered twice at once (the terminal's, and npm run's passing it on) is one.
      cli(['run', '--env-file', join(dir, 'silent.env'), '--report-dir', join(dir, 'together')], {
        signals: ['SIGINT', 'SIGINT'],
        stdout: /^preflight: waiting/m,
        gapMs: 30,
      }),
    ]);
    expect(twice.code).toBe(130);
    expectInterruptedReports(join(dir, 'together'), twice, 'SIGINT');
    expect(term.code).toBe(143);
    expectInterruptedReports(join(dir, 'term'), term, 'SIGTERM');
    expect(early.code).toBe(130);
    const report = expectInterruptedReports(join(dir, 'early'), early, 'SIGINT');
    expect(report.verdict.interrupted.ran).toBe(0);
    expect(report.summary.passed + report.summary.failed + report.summary.errored).toBe(0);
  });

  it('a second Ctrl-C exits at once, keeping the ledger; the next run into the directory removes what it lists first', async () => {
    const reports = join(dir, 'twice');
    const ledger = join(reports, 'ledger.jsonl');
    const ran = await cli(['run', '--env-file', join(dir, 'stalling.env'), '--report-dir', reports], {
      signals: ['SIGINT', 'SIGINT'],
      ledger,
      gapMs: SAME_SIGNAL_MS + 500,
      onFirst: () => (stalled = true),
    });
    stalled = false;
    expect(ran.code).toBe(130);
    expect(ran.stderr).toMatch(
      new RegExp(`SIGINT again: stopped at once; what it created is listed in ${ledger}: the next run into that directory removes it first`),
    );
    expect(readFileSync(ledger, 'utf8')).not.toMatch(/"finished"/);
    expect(existsSync(join(reports, 'run.lock'))).toBe(false);
    const stopped = `${ledger}.stopped`;
    writeFileSync(stopped, readFileSync(ledger));
    const next = await cli(['run', '--env-file', join(dir, 'stalling.env'), '--report-dir', reports, '--operation', 'GET /streams']);
    expect(next.stderr).toBe('');
    expect(next.stdout).toMatch(
      /^\S+ledger\.jsonl: an unfinished run \(run [0-9a-f]{8}, started [^)]+\) left \d+ entries(?:; removing| and \d+ changed settings; undoing) them first$/m,
    );
    expect(next.stdout).toMatch(/^cleanup: \d+ removed, \d+ already gone, 0 failed$/m);
    expect(next.code).toBe(0);
    expect(await activeRunChannels(server, stopped)).toEqual([]);
  });

  it("a killed run's ledger is never overwritten: a run against another target stops, naming cleanup; cleanup removes it", async () => {
    const reports = join(dir, 'killed');
    const ledger = join(reports, 'ledger.jsonl');
    await cli(['run', '--env-file', join(dir, 'slow.env'), '--report-dir', reports], { signals: ['SIGKILL'], ledger });
    const left = readFileSync(ledger, 'utf8');
    // The embedded reference server is another target: it cannot remove what the killed run left.
    const other = await cli(['run', '--report-dir', reports]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`cleanup --ledger ${ledger} --env-file <the env file of that run>\`, or give this run another --report-dir`);
    expect(readFileSync(ledger, 'utf8')).toBe(left);
    const cleaned = await cli(['cleanup', '--ledger', ledger, '--env-file', join(dir, 'direct.env')]);
    expect(cleaned.stdout).toMatch(/^cleanup: \d+ removed, \d+ already gone, 0 failed$/m);
    expect(cleaned.code).toBe(0);
    expect(await activeRunChannels(server, ledger)).toEqual([]);
    expect(readFileSync(ledger, 'utf8')).toMatch(/"finished"/);
  });

  it('a second run into a report directory in use exits 2 naming the other; the first is not disturbed', async () => {
    const reports = join(dir, 'shared');
    const lock = join(reports, 'run.lock');
    const first = cli(['run', '--env-file', join(dir, 'slow.env'), '--report-dir', reports], { signals: ['SIGINT'], ledger: join(reports, 'ledger.jsonl') });
    await until(() => existsSync(lock));
    const pid = JSON.parse(readFileSync(lock, 'utf8')).pid as number;
    const second = await cli(['run', '--env-file', join(dir, 'direct.env'), '--report-dir', reports]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(
      new RegExp(`^teamchat-conformance: --report-dir ${reports}: in use by another run \\(pid ${pid}, started [^)]+\\); wait for it to end`),
    );
    expect((await first).code).toBe(130);
    expect(readReportFile(reports).verdict.status).toBe('interrupted');
  });

  it('under `npm run`, Ctrl-C ends the same way: npm re-raises the signal, which a shell reports as 130', async () => {
    const reports = join(dir, 'npm');
    const ran = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'conformance', '--', '--env-file', join(dir, 'slow.env'), '--report-dir', reports], {
        cwd: PROJECT_ROOT,
        env: cleanEnv(),
        detached: true,
        stdio: 'ignore',
      });
      // Ctrl-C reaches the terminal's whole process group: npm and the suite.
      const poll = setInterval(() => {
        if (ledgerLines(join(reports, 'ledger.jsonl')) <= 10) return;
        clearInterval(poll);
        process.kill(-child.pid!, 'SIGINT');
      }, 25);
      child.on('close', (code, signal) => {
        clearInterval(poll);
        resolve({ code, signal });
      });
    });
    expect(ran.signal === 'SIGINT' || ran.code === 130).toBe(true);
    // npm may be gone before the suite has written its reports (it re-raises the signal once its
    // child ends, but a loaded machine can reorder who exits first): wait for them, bounded.
    await until(() => existsSync(join(reports, 'conformance.json')));
    expect(readReportFile(reports).verdict.status).toBe('interrupted');
  });

  it('SIGTERM to the process that started it alone (npm, npx, a shell: a job runner, docker stop) stops it as one to its group', async () => {
    const reports = join(dir, 'orphan');
    const ledger = join(reports, 'ledger.jsonl');
    const shell = underShell(['run', '--env-file', join(dir, 'slow.env'), '--report-dir', reports]);
    await until(() => ledgerLines(ledger) > 10);
    shell.kill('SIGTERM');
    // The run goes on without its parent until it has written its reports and let go of the directory.
    await until(() => !existsSync(join(reports, 'run.lock')) && existsSync(join(reports, 'conformance.json')));
    const report = readReportFile(reports);
    expect(report.verdict).toMatchObject({ status: 'interrupted', interrupted: { signal: 'SIGTERM' } });
    expect(report.verdict.interrupted.notRun).toBeGreaterThan(0);
    expect(readFileSync(ledger, 'utf8')).toMatch(/\{"finished":"[^"]+"\}\n$/);
    expect(await activeRunChannels(server, ledger)).toEqual([]);
  });

  it('kill -9 after a setting changed: the next run into the directory puts it back first, saying so', async () => {
    const own = await startReferenceServer();
    // The answer to the change never comes while `held`: the run is killed with the setting changed.
    let held = true;
    let changed = false;
    const holding = await startProxy(own.url, {
      answer: (req, a) => {
        if (held && req.method === 'PATCH' && req.path === '/realm' && req.form.get('allow_message_editing') === 'false') {
          changed = true;
          a.fault = 'hang';
        }
      },
    });
    try {
      writeFileSync(join(dir, 'holding.env'), envFileText(holding.url, own.accounts));
      const editing = async () => (await api('/register', own, 'POST')).realm_allow_message_editing;
      const reports = join(dir, 'settings-killed');
      const args = ['run', '--env-file', join(dir, 'holding.env'), '--report-dir', reports];
      await runCli([...args, '--grep', 'op1.rule4.editing-disabled'], {
        onSpawn: (child) => {
          const poll = setInterval(() => {
            if (!changed) return;
            clearInterval(poll);
            child.kill('SIGKILL');
          }, 25);
          child.on('close', () => clearInterval(poll));
        },
      });
      expect(await editing()).toBe(false);
      held = false;
      const next = await runCli([...args, '--operation', 'GET /streams']);
      expect(next.stdout).toMatch(/left \d+ entries and \d+ changed settings; undoing them first$/m);
      expect(next.stdout).toMatch(/^cleanup: put back \d+ setting\(s\) the run changed$/m);
      expect(next.stdout).toContain('  put back organisation-setting allow_message_editing: true\n');
      expect(next.code).toBe(0);
      expect(await editing()).toBe(true);
    } finally {
      await holding.close();
      await own.close();
    }
  });

  // A server of its own: a run killed above may leave a message whose answer never arrived (so
  // the ledger never heard of it) in a seeded topic, which the seeded cases count.
  it('two runs one after the other both pass and leave the seeded channels as they were', async () => {
    const own = await startReferenceServer();
    try {
      writeFileSync(join(dir, 'own.env'), envFileText(own.url, own.accounts));
      const seeded = async () =>
        JSON.stringify(
          ((await api('/streams?include_all=true&exclude_archived=false', own)).streams as { name: string }[]).filter((s) => !s.name.startsWith('cf ')),
        );
      const before = await seeded();
      for (const n of [1, 2]) {
        const ran = await cli(['run', '--env-file', join(dir, 'own.env'), '--report-dir', join(dir, `run${n}`)]);
        expect(ran.stdout).toMatch(/ 0 failed, \d+ skipped, 0 errored/);
        expect(ran.code).toBe(0);
      }
      expect(await seeded()).toBe(before);
      expect(await activeRunChannels(own)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
