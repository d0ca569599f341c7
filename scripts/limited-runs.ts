// `npm run limited [-- --runs N] [--profile spec|zulip] [--limit 40/2] [--kind zulip|fixed]`:
// whole runs in a row (the compiled CLI) against one reference server limiting each account,
// behind a proxy that removes the X-RateLimit-* headers (bench/headerless.ts), so the client
// learns the limit from the 429s alone: `zulip`, the server's own limiter (sliding windows,
// Retry-After to the millisecond), or `fixed`, the proxy's (fixed windows counting refused
// requests too, Retry-After in whole seconds). Every run must pass: a 429 is waited out, never
// judged. Prints each run (its verdict, wall time, the 429s met, the longest a request waited of
// the most it may, the machine's load) and exits 1 when any run did not pass. Minutes: not part
// of `npm test` (tests/robustness/headerless-limit.test.ts is the short one).
import { parseArgs } from 'node:util';
import { parseRateLimit } from '../src/reference/index.js';
import type { Profile } from '../src/common/vocabulary.js';
import { benchCommand } from '../bench/compiled.js';
import { headerlessRuns } from '../bench/headerless.js';

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
if (!Number.isInteger(runs) || runs < 1 || !rule || !['spec', 'zulip'].includes(values.profile) || !['zulip', 'fixed'].includes(values.kind)) {
  console.error('limited: --runs takes a whole number (1 or more), --profile spec or zulip, --limit N/SECONDS, --kind zulip or fixed');
  process.exit(2);
}
const kind = values.kind as 'zulip' | 'fixed';
const command = benchCommand();
console.log(
  `limited: ${runs} ${values.profile} runs in a row, ${rule.requests} requests per ${rule.seconds} s per account (${kind === 'fixed' ? 'fixed windows, refused requests counted' : "sliding windows, as Zulip's"}), ` +
    `429 + Retry-After without X-RateLimit-* headers; ${command.what}`,
);
const started = performance.now();
const done = await headerlessRuns(command.bin, runs, rule, {
  profile: values.profile as Profile,
  kind,
  onRun: (r) => {
    const s = r.summary;
    console.log(
      `  run ${r.run}: exit ${r.exitCode}, ${s.passed} passed, ${s.failed} failed, ${s.errored} errored (${(r.wallMs / 1000).toFixed(1)} s, load ${r.load.toFixed(1)}); ` +
        `${r.answers429} answers 429, ${(r.waitedMs / 1000).toFixed(0)} s waited in all, a request at most ${(r.longestWaitMs / 1000).toFixed(1)} s of ${r.patienceMs / 1000} s; busiest ${r.busiest}`,
    );
    for (const line of r.bad) console.log(`    ${line}`);
  },
});
const passed = done.filter((r) => r.passed).length;
console.log(`${passed}/${runs} runs passed; took ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(passed === runs ? 0 : 1);
