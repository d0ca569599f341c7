// Benchmarks 6 and 7: what a run costs a real server, whose limit is per account (Zulip: 200
// requests a minute by default), so the busiest account's count is the run's price. Counted from
// the run's HAR file (each request's `_role`), which every version of the CLI writes, so that
// BENCH_BIN gives the figures of an older checkout side by side.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timeRun, withServer } from './whole-run.js';
import type { Pool } from '../src/common/vocabulary.js';

export interface RunCost {
  requests: number;
  byRole: Record<string, number>;
  busiest: { role: string; requests: number };
}

export function costFromHar(file: string): RunCost {
  const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: { _role?: string | null }[] } };
  const byRole: Record<string, number> = {};
  for (const entry of har.log.entries) {
    const role = entry._role ?? 'none';
    byRole[role] = (byRole[role] ?? 0) + 1;
  }
  const [role, requests] = Object.entries(byRole)
    .filter(([r]) => r !== 'none')
    .sort((a, b) => b[1] - a[1])[0];
  return { requests: har.log.entries.length, byRole, busiest: { role, requests } };
}

/** A default run against the embedded reference server under a profile, counted. */
export async function embeddedCost(bin: string, profile: 'spec' | 'zulip'): Promise<RunCost> {
  const dir = mkdtempSync(join(tmpdir(), 'tcc-bench-cost-'));
  const har = join(dir, 'run.har');
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_')));
  await new Promise((resolve) =>
    spawn(process.execPath, [bin, 'run', '--profile', profile, '--report-dir', dir, '--har', har], { env: cleanEnv, stdio: 'ignore' }).on('close', resolve),
  );
  return costFromHar(har);
}

/**
 * The earliest a run can end under a limit of `limit` requests per `windowS` seconds per account:
 * its busiest account's last request cannot leave before floor((n - 1) / limit) windows have passed.
 */
export const limitFloorMs = (busiest: number, limit: number, windowS: number) => Math.floor((busiest - 1) / limit) * windowS * 1000;

export interface LimitedRun {
  wallMs: number;
  limited: number;
  cost: RunCost;
  floorMs: number;
  exitCode: number | null;
}

/**
 * A profile against a reference server limiting each account as Zulip does (`serve --rate-limit`),
 * with `extras` more accounts of each pool configured (`serve --extra-members`, `--extra-admins`, `--extra-owners`).
 */
export async function rateLimitedRun(
  bin: string,
  limit: number,
  windowS: number,
  profile: 'spec' | 'zulip',
  extras: Partial<Record<Pool, number>> = {},
): Promise<LimitedRun> {
  return withServer(
    async (server) => {
      const har = join(mkdtempSync(join(tmpdir(), 'tcc-bench-limit-')), 'run.har');
      const run = await timeRun(bin, server, 0, ['--profile', profile, '--har', har]);
      const cost = costFromHar(har);
      return { wallMs: run.wallMs, limited: run.limited, cost, floorMs: limitFloorMs(cost.busiest.requests, limit, windowS), exitCode: run.exitCode };
    },
    { rateLimit: { requests: limit, seconds: windowS }, extras },
  );
}

/** A profile against a reference server with `extras` more accounts of each pool, counted (no limit). */
export async function pooledCost(bin: string, profile: 'spec' | 'zulip', extras: Partial<Record<Pool, number>>): Promise<RunCost> {
  return withServer(
    async (server) => {
      const har = join(mkdtempSync(join(tmpdir(), 'tcc-bench-pool-')), 'run.har');
      await timeRun(bin, server, 0, ['--profile', profile, '--har', har]);
      return costFromHar(har);
    },
    { extras },
  );
}
