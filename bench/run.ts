// `npm run bench`: what a conformance run costs on this machine, as ratios within one run
// (the machine is noisy; ratios travel, absolute times do not). Not a test: it asserts nothing.
// Every run is the compiled CLI (dist/, built first if needed), as the package runs it.
// BENCH_ONLY=1,6 runs only those parts; BENCH_RATE_LIMIT (7) and BENCH_LIMITER_RUNS (7b) add the
// minutes-long ones.
import { cpus, loadavg, totalmem } from 'node:os';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../src/common/paths.js';
import { line, summary, fmt } from './stats.js';
import { timeRun, withServer } from './whole-run.js';
import { clientOverhead } from './client-overhead.js';
import { throughput } from './throughput.js';
import { benchCommand } from './compiled.js';
import { censusLine, longLivedServer } from './long-lived.js';
import { embeddedCost, pooledCost, rateLimitedRun, type RunCost } from './cost.js';
import { headerlessRuns } from './headerless.js';
import { extrasFor } from '../src/runner/spread.js';
import { POOLS, type Pool } from '../src/common/vocabulary.js';
import { machineFloor, readProbe, type Floor } from './floor.js';
import { flakeRate, LATENCY_MS, STABILITY_CONCURRENCY, stabilityRuns } from '../tests/support/stability.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_ONLY=1,6: only those parts (all by default). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (part: string) => !ONLY || ONLY.includes(part);
const out = (s = '') => process.stdout.write(`${s}\n`);
/** The extra accounts of each pool a limit calls for (runner/spread.ts extrasFor). */
const poolFor = (limit: { requests: number }) => Object.fromEntries(POOLS.map((pool) => [pool, extrasFor(limit, pool)])) as Record<Pool, number>;
const poolText = (pool: Partial<Record<Pool, number>>) =>
  POOLS.some((p) => pool[p])
    ? `extra ${POOLS.filter((p) => pool[p])
        .map((p) => `${p}s ${pool[p]}`)
        .join(', ')}`
    : 'no extra accounts';

interface EmbeddedRun {
  wallMs: number;
  rssMiB: number;
  /** CPU time of the run's process (user + system, both threads). */
  cpuMs: number;
  code: number | null;
  requests: number;
  cases: number;
}

async function embeddedRun(bin: string, extra: string[] = []): Promise<EmbeddedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'tcc-bench-'));
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_')));
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    spawn(process.execPath, ['--import', projectPath('bench', 'rss-probe.mjs'), bin, 'run', '--report-dir', dir, ...extra], {
      env: { ...cleanEnv, BENCH_RSS_FILE: join(dir, 'rss') },
      stdio: 'ignore',
    }).on('close', resolve);
  });
  const wallMs = performance.now() - started;
  const probe = readProbe(join(dir, 'rss'));
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as { summary: { total: number }; cost?: { requests: number } };
  return { wallMs, ...probe, code, requests: report.cost?.requests ?? 0, cases: report.summary.total };
}

const command = benchCommand();
out(
  `teamchat-conformance benchmark: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, ${RUNS} runs each`,
);
out(`command: ${command.what}`);
out();

if (wanted('1')) {
  // 1. The default run (embedded reference server, all cases and properties), each beside the
  // machine's floor for as many requests (a bare node:http server answering undici): the ratio
  // travels between machines, the times do not.
  const embedded = [];
  const floors: Floor[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await embeddedRun(command.bin);
    embedded.push(run);
    floors.push(await machineFloor(run.requests));
  }
  out(`1. default run, embedded reference server (${embedded[0].cases} cases, ${embedded[0].requests} requests), load ${fmt(loadavg()[0])}`);
  out(line('   wall time, command to exit', summary(embedded.map((r) => r.wallMs)), 'ms'));
  out(line('   peak memory (RSS, worker threads included)', summary(embedded.map((r) => r.rssMiB)), 'MiB'));
  out(line('   CPU time (user + system, both threads)', summary(embedded.map((r) => r.cpuMs)), 'ms'));
  out(line('   CPU per case', summary(embedded.map((r) => (r.cpuMs * 1000) / r.cases)), 'µs'));
  out(line('   floor: bare node:http answering undici, as many requests', summary(floors.map((f) => f.wallMs)), 'ms'));
  out(line('   ratio wall time / floor (goal 10)', summary(embedded.map((r, i) => r.wallMs / floors[i].wallMs)), ''));
  out(line('   ratio CPU time / floor CPU time', summary(embedded.map((r, i) => r.cpuMs / floors[i].cpuMs)), ''));
  if (embedded.some((r) => r.code !== 0)) out('   note: a run did not exit 0');
}

if (wanted('2')) {
  // 2. Against a target 10 ms away, compared with a one-at-a-time replay of the same requests.
  const remote = await withServer(async (server) => {
    const near = [];
    const far = [];
    for (let i = 0; i < RUNS; i += 1) {
      near.push(await timeRun(command.bin, server, 0));
      far.push(await timeRun(command.bin, server, 10));
    }
    return { near, far };
  });
  out('2. same suite, external reference server behind a proxy');
  out(line('   start-up: command to first request', summary(remote.near.map((r) => r.startupMs)), 'ms'));
  out(line('   ending: last answer to exit (reports written)', summary(remote.near.map((r) => r.endingMs)), 'ms'));
  out(line('   wall time, no added latency', summary(remote.near.map((r) => r.wallMs)), 'ms'));
  out(line('   wall time, 10 ms added to every answer', summary(remote.far.map((r) => r.wallMs)), 'ms'));
  // Start-up included: the whole command, as a user waits for it, against requests x 10 ms.
  const ratios = remote.far.map((r) => r.wallMs / (r.requests * 10));
  const withoutStartup = remote.far.map((r) => (r.wallMs - r.startupMs) / (r.requests * 10));
  out(`   requests per run: ${remote.far[0].requests}`);
  out(line('   ratio wall time / one-at-a-time replay (requests x 10 ms; goal 0.3, quiet machine)', summary(ratios), ''));
  out(line('   the same without start-up (wall - start-up)', summary(withoutStartup), ''));
}

if (wanted('3')) {
  // 3. The client's and the framework's own cost.
  const overhead = await clientOverhead(3000, 5);
  const clientRatio = summary(overhead.client.map((t, i) => t / overhead.bare[i]));
  out('3. per-request cost against a constant local server (3000 sequential requests, 5 rounds)');
  out(line('   bare undici Pool.request', summary(overhead.bare.map((t) => t * 1000)), 'µs'));
  out(line('   ApiClient.send', summary(overhead.client.map((t) => t * 1000)), 'µs'));
  out(line('   ratio ApiClient / bare undici', clientRatio, ''));
  out(line('   framework cost per case (runCase - ApiClient.send)', summary(overhead.case.map((t, i) => (t - overhead.client[i]) * 1000)), 'µs'));
}

if (wanted('4')) {
  // 4. The reference server's throughput.
  const tp = [];
  for (let i = 0; i < 3; i += 1) tp.push(await throughput(1500));
  const bare = summary(tp.map((t) => t.bare!));
  out('4. throughput, 8 connections, 1.5 s each, 3 rounds');
  out(line('   bare node:http constant answer', bare, 'req/s'));
  out(line('   reference GET /streams', summary(tp.map((t) => t.streams!)), 'req/s'));
  out(line('   ratio GET /streams / bare', summary(tp.map((t) => t.streams! / t.bare!)), ''));
  if (tp.every((t) => t.edit !== null)) {
    out(line('   reference PATCH /messages/{id}', summary(tp.map((t) => t.edit!)), 'req/s'));
    out(line('   ratio PATCH /messages/{id} / bare', summary(tp.map((t) => t.edit! / t.bare!)), ''));
  } else out('   reference PATCH /messages/{id}: not implemented by this reference server');
}

if (wanted('5')) {
  // 5. Linear growth with the property budget.
  const budget = [];
  for (let i = 0; i < 3; i += 1) budget.push({ one: await embeddedRun(command.bin), four: await embeddedRun(command.bin, ['--property-factor', '4']) });
  out('5. cost against the property budget (default run vs four times the property runs)');
  out(line('   1x property runs', summary(budget.map((b) => b.one.wallMs)), 'ms'));
  out(line('   4x property runs', summary(budget.map((b) => b.four.wallMs)), 'ms'));
}

if (wanted('6')) {
  // 6. What a run costs a server that limits each account: the busiest account's requests, as
  // written and spread over the extra accounts a limit of 200 a minute calls for (extrasFor).
  const POOL = poolFor({ requests: 200 });
  const roleList = (cost: RunCost) =>
    Object.entries(cost.byRole)
      .sort((a, b) => b[1] - a[1])
      .map(([role, n]) => `${role} ${n}`)
      .join(', ');
  out('6. requests per run (what a rate-limited server counts per account)');
  for (const profile of ['spec', 'zulip'] as const) {
    const cost = await embeddedCost(command.bin, profile);
    out(`   ${profile.padEnd(5)} embedded: ${cost.requests} requests; busiest account ${cost.busiest.role} ${cost.busiest.requests} (${roleList(cost)})`);
    const pooled = await pooledCost(command.bin, profile, POOL);
    const goal = profile === 'spec' ? 200 : 300;
    out(
      `   ${profile.padEnd(5)} ${poolText(POOL)}: ${pooled.requests} requests; busiest account ${pooled.busiest.role} ${pooled.busiest.requests}, goal ${goal} (${roleList(pooled)})`,
    );
  }
}

if (wanted('7')) {
  // 7. Against Zulip's default limit (200 requests a minute per account): minutes, so on request.
  // The zulip profile without and with the extra members such a limit calls for.
  if (process.env.BENCH_RATE_LIMIT) {
    const [limit, windowS] = process.env.BENCH_RATE_LIMIT.split('/').map(Number);
    const pool = poolFor({ requests: limit });
    out(`7. zulip profile against serve --rate-limit ${limit}/${windowS} (one run each; goal with the extra accounts: 90 s)`);
    for (const extras of [{}, pool]) {
      const run = await rateLimitedRun(command.bin, limit, windowS, 'zulip', extras);
      out(`   ${poolText(extras)}: wall time ${fmt(run.wallMs / 1000)} s, exit ${run.exitCode}; 429 answers met: ${run.limited}`);
      out(`     busiest account ${run.cost.busiest.role} ${run.cost.busiest.requests}: the limit allows no less than ${fmt(run.floorMs / 1000)} s`);
      out(`     ratio wall time / that floor: ${run.floorMs ? fmt(run.wallMs / run.floorMs, 2) : 'no floor (fits one window)'}`);
    }
  } else out("7. against a rate-limited server: BENCH_RATE_LIMIT=200/60 npm run bench (Zulip's default; takes minutes)");
}

if (wanted('7b')) {
  // 7b. A limiter that does not say its limit (429 + Retry-After, no X-RateLimit-* headers): every
  // run must pass. Minutes too: BENCH_LIMITER_RUNS runs (`npm run limited` is the same alone).
  const LIMITER_RUNS = Number(process.env.BENCH_LIMITER_RUNS ?? 0);
  if (LIMITER_RUNS) {
    const limited = await headerlessRuns(command.bin, LIMITER_RUNS, { requests: 40, seconds: 2 });
    out(`7b. a limiter without X-RateLimit-* headers, 40 requests per 2 s per account, ${LIMITER_RUNS} spec runs in a row (goal: every one passes)`);
    out(`   passed ${limited.filter((r) => r.passed).length} of ${limited.length}`);
    out(line('   wall time a run', summary(limited.map((r) => r.wallMs)), 'ms'));
    out(line('   429 answers a run', summary(limited.map((r) => r.answers429)), 'answers'));
    out(line('   the longest one request waited (bound: 10 min)', summary(limited.map((r) => r.longestWaitMs)), 'ms'));
  } else out('7b. against a limiter without X-RateLimit-* headers: BENCH_LIMITER_RUNS=10 npm run bench (or npm run limited)');
}

if (wanted('8')) {
  // 8. Stability: the whole suite at concurrency 32 with answers 2-40 ms late, run after run (the
  // long form is `npm run stability`). A correct server fails no run: any flake here is a race.
  const STABILITY_RUNS = Number(process.env.BENCH_STABILITY_RUNS ?? 3);
  out(`8. stability, ${STABILITY_RUNS} runs a profile, concurrency ${STABILITY_CONCURRENCY}, answers ${LATENCY_MS.min}-${LATENCY_MS.max} ms late`);
  for (const profile of ['spec', 'zulip'] as const) {
    const runs = await stabilityRuns(profile, STABILITY_RUNS);
    const { failedRuns, cases } = flakeRate(runs);
    out(line(`   ${profile}: wall time a run`, summary(runs.map((r) => r.wallMs)), 'ms'));
    out(`   ${profile}: flake rate ${failedRuns}/${runs.length} runs${cases.size ? ` (${[...cases.keys()].join(', ')})` : ''}`);
  }
}

if (wanted('9')) {
  // 9. One long-lived reference server (`serve`) serving many whole runs: its memory after each.
  const SERVER_RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 50);
  out(`9. one \`serve\` process serving ${SERVER_RUNS} whole runs, its memory after each (after a garbage collection)`);
  const served = await longLivedServer(command.bin, SERVER_RUNS, (r) =>
    out(
      `   run ${String(r.run).padStart(2)}: RSS ${fmt(r.rssMiB, 0)} MiB, heap ${fmt(r.heapUsedMiB)} MiB, ${fmt(r.wallMs / 1000)} s, exit ${r.exitCode}: ${r.closing}; ${censusLine(r.census)}`,
    ),
  );
  const half = Math.floor(served.runs.length / 2);
  const perRun = (of: (r: (typeof served.runs)[number]) => number) =>
    (of(served.runs.at(-1)!) - of(served.runs[half])) / Math.max(1, served.runs.length - 1 - half);
  out(
    `   RSS at start ${fmt(served.startMiB, 0)} MiB; growth per run over the second half: heap ${fmt(perRun((r) => r.heapUsedMiB) * 1024, 0)} KiB, RSS ${fmt(perRun((r) => r.rssMiB) * 1024, 0)} KiB`,
  );
}
