// Interrupted runs against one long-lived server leave nothing behind: `serve` once, then RUNS
// runs into one report directory, each stopped at a random moment by SIGINT or SIGTERM (and, with
// --hard, some by a second signal at once, which keeps the ledger for the next run to clean up),
// then one whole run, which must pass. Not part of npm test (it takes minutes):
//   npm run interrupted -- [runs] [--hard] [--seed N]
// Prints each run (when it was stopped, how it exited, what its report says) and the last run's
// result; exits 1 when the last run did not pass or a run created channels it left active.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { projectPath } from '../src/common/paths.js';
import { closingLineOf } from '../src/report/writers/console-output.js';
import { readEnvFile } from '../src/config/env-file.js';
import { KNOWN_ENV_KEYS } from '../src/config/config.js';

const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => /^\d+$/.test(a)) ?? 30);
const HARD = args.includes('--hard');
const seedAt = args.indexOf('--seed');
let seed = seedAt >= 0 ? Number(args[seedAt + 1]) : Date.now() % 100_000;
const firstSeed = seed;
/** A small deterministic generator, so a failing sequence can be replayed with --seed. */
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

const BIN = projectPath('bin', 'teamchat-conformance.mjs');
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('npm_') && k !== 'INIT_CWD'));
const dir = mkdtempSync(join(tmpdir(), 'tcc-interrupted-'));
const envFile = join(dir, 'ref.env');
const reports = join(dir, 'reports');
const out = (line: string) => process.stdout.write(`${line}\n`);

function run(extra: string[], stop?: { afterMs: number; signals: NodeJS.Signals[] }) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--', BIN, 'run', '--env-file', envFile, '--report-dir', reports, ...extra], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    if (stop) {
      setTimeout(() => {
        child.kill(stop.signals[0]);
        if (stop.signals[1]) setTimeout(() => child.kill(stop.signals[1]), 1200 + random() * 1000);
      }, stop.afterMs);
    }
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const serve = spawn(process.execPath, ['--', BIN, 'serve', '--port', '0', '--env-out', envFile], { env, stdio: 'ignore' });
try {
  for (let i = 0; i < 300 && !existsSync(envFile); i += 1) await new Promise((r) => setTimeout(r, 50));
  const { values } = readEnvFile(envFile, KNOWN_ENV_KEYS);
  out(
    `one serve process (${values.CONFORMANCE_TARGET_URL}), ${RUNS} interrupted runs into ${reports}, seed ${firstSeed}${HARD ? ', some stopped at once by a second signal' : ''}`,
  );
  // How long a whole run takes here (the second of two: the first fills the caches): the moments are drawn from it.
  let wholeMs = 0;
  for (const which of ['first', 'second']) {
    const timed = Date.now();
    const whole = await run([]);
    wholeMs = Date.now() - timed;
    out(`a whole run (${which}): exit ${whole.code}, ${(wholeMs / 1000).toFixed(1)} s: ${closingLineOf(whole.stdout) ?? whole.stderr.trim()}`);
  }
  for (let n = 1; n <= RUNS; n += 1) {
    const afterMs = Math.round(random() * wholeMs * 1.1);
    const signal: NodeJS.Signals = random() < 0.75 ? 'SIGINT' : 'SIGTERM';
    const signals: NodeJS.Signals[] = HARD && random() < 0.3 ? [signal, signal] : [signal];
    const startedAt = new Date().toISOString();
    const ran = await run([], { afterMs, signals });
    let said = '';
    try {
      const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as {
        startedAt: string;
        verdict: { status: string; interrupted?: { ran: number; notRun: number } };
      };
      const i = report.verdict.interrupted;
      // The reports of an earlier run: this one was stopped before it could write any.
      said = report.startedAt < startedAt ? 'none of its own' : `${report.verdict.status}${i ? ` (${i.ran} ran, ${i.notRun} did not)` : ''}`;
    } catch {
      said = 'none';
    }
    const cleanup = /^cleanup: .*$/m.exec(ran.stdout + ran.stderr)?.[0] ?? '';
    const leftovers = /left \d+ entries; removing them first/.exec(ran.stdout)?.[0] ?? '';
    out(
      `run ${String(n).padStart(2)}: ${signals.join('+')} after ${(afterMs / 1000).toFixed(1)} s -> exit ${ran.code ?? ran.signal}, report: ${said}` +
        `${leftovers ? `; an unfinished run ${leftovers}` : ''}${cleanup ? `; ${cleanup}` : ''}`,
    );
  }
  const last = await run([]);
  const closing = closingLineOf(last.stdout) ?? '(no closing line)';
  out(`the whole run after them: exit ${last.code}: ${closing}`);
  for (const line of last.stdout.split('\n').filter((l) => /^\s+(FAIL|ERROR) /.test(l) || /left \d+ entries/.test(l) || /^cleanup:/.test(l)))
    out(`  ${line.trim()}`);
  const owner = { email: values.CONFORMANCE_OWNER_EMAIL, key: values.CONFORMANCE_OWNER_API_KEY };
  const res = await request(`${values.CONFORMANCE_TARGET_URL}/api/v1/streams?include_all=true&exclude_archived=true`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.key}`).toString('base64')}` },
  });
  const active = ((await res.body.json()) as { streams: { name: string }[] }).streams.map((s) => s.name).filter((name) => name.startsWith('cf '));
  out(`channels runs made and left active: ${active.length ? active.join(', ') : 'none'}`);
  process.exitCode = last.code === 0 && / 0 failed, \d+ skipped, 0 errored/.test(closing) && !active.length ? 0 : 1;
} finally {
  serve.kill('SIGINT');
}
