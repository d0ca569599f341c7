// A shared organisation: other users are at work on the server while the run goes on (replies in
// the newest public conversations, the run's included, direct messages and typing to the run's
// accounts, edits and moves of their own messages, their own settings and status, new channels
// and groups: tests/support/colleagues.ts). A correct server must pass every case all the same,
// under both profiles: a case that counts, lists or waits for events where others write fails
// here (CONTRIBUTING.md, "A case in a busy organisation"). `npm run stability -- --colleagues 30`
// is the long form (ten runs a profile, the flake rate).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/common/vocabulary.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { startColleagues } from '../support/colleagues.js';
import { WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import { BUSY_RATE, BUSY_SHAPE, stabilityRuns } from '../support/stability.js';
import { call } from '../reference/helpers.js';

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

  it('the colleagues are users of their own, name what they make after themselves, and tidy it away', async () => {
    const server = await startReferenceServer();
    try {
      const { owner, member } = server.accounts;
      // A mix heavy on channels and groups, so that there is something to tidy away.
      const mix = { channel: 30, group: 30 };
      const colleagues = await startColleagues({ url: server.url, creator: owner, count: 2, rate: 40, mix, recipients: [member.email] });
      await sleep(1500);
      const done = await colleagues.stop({ tidyUp: true });
      expect(done.sent).toBeGreaterThan(10);
      const configured = Object.values(server.accounts).map((a) => a.email);
      expect(colleagues.users.map((u) => u.email).filter((e) => configured.includes(e))).toEqual([]);
      const as = colleagues.users[0];
      const channels = (await call(server, 'GET', '/streams', { as: owner, query: { include_all: 'true', exclude_archived: 'false' } })).body.streams as {
        name: string;
        is_archived: boolean;
      }[];
      const theirs = channels.filter((c) => c.name.startsWith('colleague '));
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.filter((c) => !c.is_archived)).toEqual([]);
      const groups = (await call(server, 'GET', '/user_groups', { as, query: { include_deactivated_groups: 'true' } })).body.user_groups as {
        name: string;
        deactivated: boolean;
      }[];
      expect(groups.filter((g) => g.name.startsWith('colleague ')).length).toBeGreaterThan(0);
      expect(groups.filter((g) => g.name.startsWith('colleague ') && !g.deactivated)).toEqual([]);
      // Nothing they made carries a run's prefix.
      expect([...channels, ...groups].filter((x) => x.name.startsWith('cf '))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
