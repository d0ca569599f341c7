// Operation 14: `complete` "is false when the request timed out after deleting only some
// messages, and the client should repeat the request". A server that answers false to the first
// delete_topic of each topic, and true on the repeat, is judged by what the repeat says: no case
// fails under either profile, and each case that met it reports the repeat in its steps.
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/common/vocabulary.js';
import { runSuite } from '../support/run-suite.js';
import { paramsOf, type Rewrite } from '../support/rewriting-proxy.js';

/** complete: false to the first request for each channel and topic name (what the server deleted, it deleted). */
function timesOutOnce(): Rewrite {
  const seen = new Set<string>();
  return {
    answer: (req, answer) => {
      const body = answer.json as { result?: string; complete?: boolean } | undefined;
      if (!/\/delete_topic$/.test(req.path) || body?.result !== 'success') return;
      const key = `${req.path} ${paramsOf(req).get('topic_name')}`;
      if (seen.has(key)) return;
      seen.add(key);
      body.complete = false;
    },
  };
}

const OPERATIONS = ['POST /streams/{stream_id}/delete_topic', 'GET /streams', 'PATCH /streams/{stream_id}'];

describe('a server whose first delete_topic of a topic answers complete: false', () => {
  it.concurrent.each(['spec', 'zulip'] as Profile[])('fails no case under the %s profile; the cases say they repeated', async (profile) => {
    const results = await runSuite({ profile, operations: OPERATIONS, rewrite: timesOutOnce() });
    const bad = [...results.values()].filter((r) => r.status === 'failed' || r.status === 'errored');
    expect(bad.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(results.get('op14.complete')?.repeats).toEqual([{ step: 3, sent: 2 }]);
    expect(results.get('op14.no-messages')?.repeats).toEqual([{ step: 1, sent: 2 }]);
    expect([...results.values()].filter((r) => r.repeats).length).toBeGreaterThan(profile === 'spec' ? 8 : 12);
  });
});
