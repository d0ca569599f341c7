// Cases run side by side and share queues, fixtures and accounts; a case that reads what a sibling
// changes, or picks another case's event, is a race that shows only under some timings (and then
// as a false alarm on a correct server). The short stability check: both profiles, one run each,
// at concurrency 32, every answer held back 2-40 ms at random; every case must pass. `npm run
// stability` (a step of .ci/run) runs the long one (ten runs a profile) and reports the flake rate.
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/common/vocabulary.js';
import { WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import { stabilityRuns } from '../support/stability.js';

const RUNS = 1;

describe('races between cases', () => {
  it.concurrent.each(['spec', 'zulip'] as Profile[])(
    `none under the %s profile: ${RUNS} runs in a row at concurrency 32, answers 2-40 ms late`,
    async (profile) => {
      const runs = await stabilityRuns(profile, RUNS);
      expect(runs.flatMap((r) => r.bad.map((line) => `run ${r.run}: ${line}`))).toEqual([]);
      for (const r of runs) expect(r.cases).toBeGreaterThan(300);
    },
    RUNS * WHOLE_RUN_TIMEOUT_MS,
  );
});
