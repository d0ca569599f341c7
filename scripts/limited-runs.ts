// `npm run limited [-- --runs N] [--profile spec|zulip] [--limit 40/2] [--kind zulip|fixed]`:
// whole runs in a row (the compiled CLI) against one reference server limiting each account,
// behind a proxy that removes the X-RateLimit-* headers (tests/support/limiting-proxy.ts), so the
// client learns the limit from the 429s alone: `zulip`, the server's own limiter (sliding
// windows, Retry-After to the millisecond), or `fixed`, the proxy's (fixed windows counting
// refused requests too, Retry-After in whole seconds).
// Every run must pass: a 429 is waited out, never judged. Prints each run (its verdict, wall
// time, the 429s met, the longest a request waited of the most it may, the machine's load) and
// exits 1 when any run did not pass. Minutes: not part of `npm test`
// (tests/robustness/headerless-limit.test.ts is the short one).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startReferenceServer } from '../src/reference/server.js';
import { parseRateLimit } from '../src/reference/index.js';
import type { RequestCost } from '../src/http/request-cost.js';
import { startLimitingProxy } from '../tests/support/limiting-proxy.js';
import { benchCommand } from '../bench/compiled.js';
import { timeRun } from '../bench/whole-run.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    profile: { type: 'string', default: 'spec' },
    limit: { type: 'string', default: '40/2' },
    kind: { type: 'string', default: 'zulip' },
  },
});
const runs = Number(values.runs);
const rule = parseRateLimit(values.limit);
const fixed = values.kind === 'fixed';
if (!Number.isInteger(runs) || runs < 1 || !rule || !['spec', 'zulip'].includes(values.profile) || !['zulip', 'fixed'].includes(values.kind)) {
  console.error('limited: --runs takes a whole number (1 or more), --profile spec or zulip, --limit N/SECONDS, --kind zulip or fixed');
  process.exit(2);
}

const command = benchCommand();
const server = await startReferenceServer(fixed ? {} : { rateLimit: rule });
const proxy = await startLimitingProxy(server.url, fixed ? rule : null);
console.log(
  `limited: ${runs} ${values.profile} runs in a row, ${rule.requests} requests per ${rule.seconds} s per account (${fixed ? 'fixed windows, refused requests counted' : "sliding windows, as Zulip's"}), ` +
    `429 + Retry-After without X-RateLimit-* headers; ${command.what}`,
);
let failed = 0;
const started = performance.now();
try {
  for (let run = 1; run <= runs; run += 1) {
    const load = loadavg()[0];
    const figures = await timeRun(command.bin, { ...server, url: proxy.url }, 0, ['--profile', values.profile]);
    const report = JSON.parse(readFileSync(join(figures.reportDir, 'conformance.json'), 'utf8')) as {
      summary: Record<string, number>;
      verdict: { status: string };
      cost: RequestCost;
    };
    const { summary: s, cost } = report;
    const rl = cost.rateLimit;
    const passed = figures.exitCode === 0 && s.failed === 0 && s.errored === 0;
    if (!passed) failed += 1;
    console.log(
      `  run ${run}: exit ${figures.exitCode}, ${s.passed} passed, ${s.failed} failed, ${s.errored} errored (${(figures.wallMs / 1000).toFixed(1)} s, load ${load.toFixed(1)}); ` +
        `${rl.answers429} answers 429, ${(rl.waitedAfter429Ms / 1000).toFixed(0)} s waited in all, a request at most ${(rl.longestWaitMs / 1000).toFixed(1)} s of ${rl.patienceMs / 1000} s; busiest ${cost.busiest?.account} ${cost.busiest?.requests}`,
    );
    if (!passed) {
      const bad = (
        JSON.parse(readFileSync(join(figures.reportDir, 'conformance.json'), 'utf8')) as { cases: { id: string; status: string; message?: string }[] }
      ).cases;
      for (const c of bad.filter((c) => c.status === 'failed' || c.status === 'errored')) console.log(`    ${c.id}: ${c.message?.split('\n')[0]}`);
    }
  }
} finally {
  await proxy.close();
  await server.close();
}
console.log(`${runs - failed}/${runs} runs passed; took ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
