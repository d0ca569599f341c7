// A shared organisation: other users are at work on the server while the run goes on (replies in
// the newest public conversations, the run's included, direct messages and typing to the run's
// accounts, edits and moves of their own messages, their own settings and status, new channels
// and groups: tests/support/colleagues.ts). A correct server must pass every case all the same,
// under both profiles: a case that counts, lists or waits for events where others write fails
// here (CONTRIBUTING.md, "A case in a busy organisation"). `npm run stability -- --colleagues 30`
// is the long form (ten runs a profile, the flake rate).
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/common/vocabulary.js';
import { WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import { BUSY_RATE, BUSY_SHAPE, stabilityRuns } from '../support/stability.js';

describe('a busy organisation', () => {
  it.concurrent.each(['spec', 'zulip'] as Profile[])(
    `every case passes under the %s profile while colleagues work at ${BUSY_RATE} requests a second`,
    async (profile) => {
      const [run] = await stabilityRuns(profile, 1, undefined, BUSY_SHAPE);
      expect(run.bad).toEqual([]);
      expect(run.cases).toBeGreaterThan(300);
      // They were at work, and where the run was (their rate is the bench's to measure, not a test's).
      const done = run.colleagues!;
      expect(done.repliesInRunChannels, "replies in the run's channels").toBeGreaterThan(0);
      for (const action of ['reply', 'direct', 'typing', 'edit']) expect(done.actions[action]?.sent ?? 0, action).toBeGreaterThan(0);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});
