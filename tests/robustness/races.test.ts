// Cases of one spec file run side by side and share its fixtures; a case that changes what a
// sibling reads is a race that shows only under some timing (and then as a false alarm on a
// correct server). Against the clean reference, with four times the default concurrency and
// every answer held back a random few milliseconds, every case must still pass.
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/common/vocabulary.js';
import { runSuite } from '../support/run-suite.js';

describe('races between cases', () => {
  it.each(['spec', 'zulip'] as Profile[])('none under the %s profile at concurrency 32 with answers jittered by 0-8 ms', async (profile) => {
    const results = await runSuite({
      profile,
      concurrency: 32,
      rewrite: {
        answer: (_, a) => {
          a.delayMs = Math.floor(Math.random() * 9);
        },
      },
    });
    const bad = [...results.values()].filter((r) => r.status === 'failed' || r.status === 'errored');
    expect(bad.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(results.size).toBeGreaterThan(300);
  });
});
