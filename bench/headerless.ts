// Whole runs in a row against a limiter that does not say its limit: the reference server
// limiting each account, behind a proxy that removes the X-RateLimit-* headers
// (tests/support/limiting-proxy.ts), so the client learns the limit from the 429s alone. Used by
// `npm run bench` (7b) and `npm run limited`.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Profile } from '../src/common/vocabulary.js';
import type { RequestCost } from '../src/http/request-cost.js';
import { startReferenceServer } from '../src/reference/server.js';
import { startLimitingProxy } from '../tests/support/limiting-proxy.js';
import { timeRun } from './whole-run.js';

export interface HeaderlessRun {
  run: number;
  passed: boolean;
  exitCode: number | null;
  summary: Record<string, number>;
  wallMs: number;
  /** The machine's 1-minute load as the run started. */
  load: number;
  answers429: number;
  waitedMs: number;
  longestWaitMs: number;
  patienceMs: number;
  busiest: string;
  /** "<case id>: <first line of its message>" of each case that failed or errored. */
  bad: string[];
}

export interface HeaderlessOptions {
  profile?: Profile;
  /** `zulip`: the server's own limiter (sliding windows); `fixed`: the proxy's (fixed windows, refused requests counted). */
  kind?: 'zulip' | 'fixed';
  onRun?: (run: HeaderlessRun) => void;
}

export async function headerlessRuns(
  bin: string,
  runs: number,
  rule: { requests: number; seconds: number },
  options: HeaderlessOptions = {},
): Promise<HeaderlessRun[]> {
  const fixed = options.kind === 'fixed';
  const server = await startReferenceServer(fixed ? {} : { rateLimit: rule });
  const proxy = await startLimitingProxy(server.url, fixed ? rule : null);
  const out: HeaderlessRun[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      const load = loadavg()[0];
      const figures = await timeRun(bin, { ...server, url: proxy.url }, 0, ['--profile', options.profile ?? 'spec']);
      const report = JSON.parse(readFileSync(join(figures.reportDir, 'conformance.json'), 'utf8')) as {
        summary: Record<string, number>;
        cost: RequestCost;
        cases: { id: string; status: string; message?: string }[];
      };
      const rl = report.cost.rateLimit;
      const done: HeaderlessRun = {
        run,
        passed: figures.exitCode === 0 && report.summary.failed === 0 && report.summary.errored === 0,
        exitCode: figures.exitCode,
        summary: report.summary,
        wallMs: figures.wallMs,
        load,
        answers429: rl.answers429,
        waitedMs: rl.waitedAfter429Ms,
        longestWaitMs: rl.longestWaitMs,
        patienceMs: rl.patienceMs,
        busiest: `${report.cost.busiest?.account} ${report.cost.busiest?.requests}`,
        bad: report.cases.filter((c) => c.status === 'failed' || c.status === 'errored').map((c) => `${c.id}: ${c.message?.split('\n')[0]}`),
      };
      out.push(done);
      options.onRun?.(done);
    }
  } finally {
    await proxy.close();
    await server.close();
  }
  return out;
}
