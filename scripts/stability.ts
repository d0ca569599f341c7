// `npm run stability [-- --runs N] [--profile spec|zulip] [--colleagues RATE]`: the long
// stability check. The whole suite against the clean reference server, N runs in a row a profile
// (default 10, both profiles), at concurrency 32, every answer 2-40 ms late
// (tests/support/stability.ts); with --colleagues, other users of the organisation at work
// meanwhile, RATE requests a second (tests/support/colleagues.ts). Prints each run, the flake rate
// and each case that ever failed; exits 1 when any run had a failure. Minutes, not seconds: not
// part of `npm test` (tests/robustness/races.test.ts and shared-org.test.ts are the short ones).
import { parseArgs } from 'node:util';
import type { Profile } from '../src/common/vocabulary.js';
import { flakeRate, LATENCY_MS, STABILITY_CONCURRENCY, STABILITY_SHAPE, stabilityRuns, type StabilityRun } from '../tests/support/stability.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, profile: { type: 'string' }, colleagues: { type: 'string' } } });
const runs = Number(values.runs);
const profiles = (values.profile ? [values.profile] : ['spec', 'zulip']) as Profile[];
const rate = values.colleagues === undefined ? 0 : Number(values.colleagues);
if (!Number.isInteger(runs) || runs < 1 || profiles.some((p) => p !== 'spec' && p !== 'zulip') || !(rate >= 0)) {
  console.error('stability: --runs takes a whole number of runs (1 or more), --profile spec or zulip, --colleagues requests a second');
  process.exit(2);
}
const shape = rate ? { ...STABILITY_SHAPE, colleagues: { rate } } : STABILITY_SHAPE;

console.log(
  `stability: ${runs} runs a profile (${profiles.join(', ')}), concurrency ${STABILITY_CONCURRENCY}, answers ${LATENCY_MS.min}-${LATENCY_MS.max} ms late` +
    (rate ? `, colleagues at ${rate} requests a second` : ''),
);
const started = performance.now();
const all: StabilityRun[] = [];
for (const profile of profiles) {
  all.push(
    ...(await stabilityRuns(
      profile,
      runs,
      (r) => {
        const busy = r.colleagues ? `; colleagues: ${r.colleagues.sent} requests, ${r.colleagues.repliesInRunChannels} replies in the run's channels` : '';
        console.log(
          `  ${r.profile} run ${r.run}: ${r.cases} cases, ${r.bad.length ? `${r.bad.length} FAILED` : 'all passed'} (${(r.wallMs / 1000).toFixed(1)} s${busy})`,
        );
        for (const line of r.bad) console.log(`    ${line}`);
      },
      shape,
    )),
  );
}
for (const profile of profiles) {
  const { failedRuns, runs: n, cases } = flakeRate(all.filter((r) => r.profile === profile));
  console.log(`${profile}: flake rate ${failedRuns}/${n} runs${cases.size ? `; cases: ${[...cases].map(([id, k]) => `${id} (${k}/${n})`).join(', ')}` : ''}`);
}
console.log(`took ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(all.some((r) => r.bad.length) ? 1 : 0);
