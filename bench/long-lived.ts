// Benchmark 6: one reference server (`serve`, a process of its own, as the README's two-terminal
// flow starts it) serving many full runs one after the other, its memory after each (after a
// garbage collection: what the runs left, not what the collector has not reached yet). A server
// that keeps what each run made grows run after run until it dies; a sound one stays flat.
// Run it alone with `node --import tsx bench/long-lived.ts [runs]`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { projectPath } from '../src/common/paths.js';
import { closingLineOf } from '../src/report/writers/console-output.js';

export interface ServedRun {
  run: number;
  exitCode: number | null;
  /** The run's closing line ("479 passed, 0 failed, ..."). */
  closing: string;
  wallMs: number;
  rssMiB: number;
  heapUsedMiB: number;
  /** What the server holds after the run, as its API lists it: what a growth would be made of. */
  census: Census;
}

/** Counts of what the server keeps, read through its API as the owner. */
export interface Census {
  channels: number;
  groups: number;
  folders: number;
  users: number;
  emoji: number;
}

const MiB = 2 ** 20;
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_')));

function memoryOf(server: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('serve did not answer the memory probe within 60 s')), 60_000);
    server.once('message', (usage) => {
      clearTimeout(timer);
      resolve(usage as NodeJS.MemoryUsage);
    });
    server.send('probe');
  });
}

async function startServe(bin: string, envFile: string): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    ['--expose-gc', '--import', projectPath('bench', 'heap-probe.mjs'), bin, 'serve', '--port', '0', '--env-out', envFile],
    { env: cleanEnv(), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  for (let i = 0; i < 200 && !existsSync(envFile); i += 1) await new Promise((r) => setTimeout(r, 50));
  if (!existsSync(envFile)) throw new Error('serve did not write its env file');
  return server;
}

function runOnce(bin: string, envFile: string, reportDir: string): Promise<{ exitCode: number | null; closing: string; wallMs: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--', bin, 'run', '--env-file', envFile, '--report-dir', reportDir], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (exitCode) => resolve({ exitCode, closing: closingLineOf(out) ?? '(no closing line)', wallMs: performance.now() - started }));
  });
}

/** What the server lists: every channel (archived ones too), group (deactivated too), folder, user and custom emoji. */
async function censusOf(envFile: string): Promise<Census> {
  const env = Object.fromEntries(
    readFileSync(envFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  const authorization = `Basic ${Buffer.from(`${env.CONFORMANCE_OWNER_EMAIL}:${env.CONFORMANCE_OWNER_API_KEY}`).toString('base64')}`;
  const list = async (path: string, field: string) => {
    const res = await request(`${env.CONFORMANCE_TARGET_URL}/api/v1${path}`, { headers: { authorization } });
    const body = (await res.body.json()) as Record<string, unknown>;
    const value = body[field];
    return Array.isArray(value) ? value.length : typeof value === 'object' && value !== null ? Object.keys(value).length : 0;
  };
  return {
    channels: await list('/streams?include_all=true&exclude_archived=false', 'streams'),
    groups: await list('/user_groups?include_deactivated_groups=true', 'user_groups'),
    folders: await list('/channel_folders?include_archived=true', 'channel_folders'),
    users: await list('/users', 'members'),
    emoji: await list('/realm/emoji', 'emoji'),
  };
}

/** Serves `runs` full runs from one `serve` process; `onRun` hears each as it ends. */
export async function longLivedServer(bin: string, runs: number, onRun: (r: ServedRun) => void = () => {}): Promise<{ startMiB: number; runs: ServedRun[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'tcc-bench-long-'));
  const envFile = join(dir, 'ref.env');
  const server = await startServe(bin, envFile);
  try {
    const start = await memoryOf(server);
    const served: ServedRun[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const ran = await runOnce(bin, envFile, join(dir, `reports-${run}`));
      const usage = await memoryOf(server);
      const figures = { run, ...ran, rssMiB: usage.rss / MiB, heapUsedMiB: usage.heapUsed / MiB, census: await censusOf(envFile) };
      served.push(figures);
      onRun(figures);
    }
    return { startMiB: start.rss / MiB, runs: served };
  } finally {
    server.kill('SIGINT');
    await new Promise((r) => server.once('close', r));
  }
}

/** "keeps 412 channels, 338 groups, 96 folders, 40 users, 3 emoji". */
export const censusLine = (c: Census) => `keeps ${c.channels} channels, ${c.groups} groups, ${c.folders} folders, ${c.users} users, ${c.emoji} emoji`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { benchCommand } = await import('./compiled.js');
  const command = benchCommand();
  const runs = Number(process.argv[2] ?? process.env.BENCH_SERVER_RUNS ?? 50);
  process.stdout.write(`one serve process, ${runs} full runs (${command.what})\n`);
  const { startMiB } = await longLivedServer(command.bin, runs, (r) =>
    process.stdout.write(
      `run ${String(r.run).padStart(2)}: RSS ${r.rssMiB.toFixed(0)} MiB, heap ${r.heapUsedMiB.toFixed(1)} MiB, ${(r.wallMs / 1000).toFixed(1)} s, exit ${r.exitCode}: ${r.closing}; ${censusLine(r.census)}\n`,
    ),
  );
  process.stdout.write(`started at RSS ${startMiB.toFixed(0)} MiB\n`);
}
