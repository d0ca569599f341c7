// Benchmarks 1 and 2: whole conformance runs as a user starts them (a new process each), against
// the reference server directly and behind a proxy adding latency to every answer.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../src/reference/server.js';
import { envFileText } from '../src/commands/shared/env-format.js';
import { extrasByPool } from '../src/common/vocabulary.js';
import { projectPath } from '../src/common/paths.js';
import { startRecordingProxy } from './recording-proxy.js';
import { readProbe } from './floor.js';

export interface RunFigures {
  wallMs: number;
  /** From spawning the command to the first request reaching the target. */
  startupMs: number;
  /** From the last answer to the command's exit: the reports written, the process ended. */
  endingMs: number;
  requests: number;
  /** Answers 429 the run met. */
  limited: number;
  peakRssMiB: number;
  exitCode: number | null;
  /** Where the run wrote its reports. */
  reportDir: string;
}

export async function timeRun(bin: string, server: ReferenceServer, latencyMs: number, extraArgs: string[] = []): Promise<RunFigures> {
  const proxy = await startRecordingProxy(server.url, latencyMs);
  const dir = mkdtempSync(join(tmpdir(), 'tcc-bench-'));
  const envFile = join(dir, 'target.env');
  writeFileSync(envFile, envFileText(proxy.url, server.accounts, undefined, {}, extrasByPool(server.extras)));
  const rssFile = join(dir, 'rss');
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_')));
  const started = performance.now();
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', projectPath('bench', 'rss-probe.mjs'), bin, 'run', '--env-file', envFile, '--report-dir', join(dir, 'reports'), ...extraArgs],
      { env: { ...cleanEnv, BENCH_RSS_FILE: rssFile }, stdio: 'ignore' },
    );
    child.on('close', resolve);
  });
  const wallMs = performance.now() - started;
  await proxy.close();
  return {
    wallMs,
    startupMs: (proxy.firstRequestAt ?? started) - started,
    endingMs: started + wallMs - (proxy.lastAnswerAt ?? started + wallMs),
    requests: proxy.requests,
    limited: proxy.limited,
    peakRssMiB: readProbe(rssFile).rssMiB,
    exitCode,
    reportDir: join(dir, 'reports'),
  };
}

export async function withServer<T>(fn: (server: ReferenceServer) => Promise<T>, options: ReferenceServerOptions = {}): Promise<T> {
  const server = await startReferenceServer(options);
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}
