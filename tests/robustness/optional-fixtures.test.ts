// A case that needs what a target may not have (a deactivated user) is skipped there with the
// reason, not errored: the suite's limitation is not the server's failure.
import { describe, expect, it } from 'vitest';
import { runSuite, WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import type { Json } from '../support/mutant-helpers.js';

describe('optional fixtures', () => {
  it(
    'skip the case that needs what the target lacks, and only that one',
    async () => {
      const results = await runSuite({
        operations: ['POST /user_groups/{user_group_id}/members'],
        // A target whose users are all active.
        rewrite: {
          answer: (req, a) => {
            if (req.method === 'GET' && req.path === '/users') (a.json as Json).members = ((a.json as Json).members as Json[]).filter((u) => u.is_active);
          },
        },
      });
      const deactivated = results.get('op7.deactivated-user-refused')!;
      expect(deactivated.status).toBe('skipped');
      expect(deactivated.message).toMatch(/^an optional fixture found nothing: looks for a deactivated user/);
      expect([...results.values()].filter((r) => r.status !== 'passed').map((r) => r.id)).toEqual(['op7.deactivated-user-refused']);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});
