import { describe, expect, it } from 'vitest';
import { createdBy, plannedBy } from '../../src/runner/ledger.js';

const subscribe = (names: string[]) => ({
  method: 'POST', url: 'http://t.test/api/v1/users/me/subscriptions', role: 'owner', body: new URLSearchParams({ subscriptions: JSON.stringify(names.map((name) => ({ name }))) }).toString(),
});

describe('ledger', () => {
  it("notes the run's channels before the request is sent, and only those", () => {
    const entries = plannedBy(subscribe(['cf ab12cd34 one', 'general', 'cf other99 two']), 'ab12cd34');
    expect(entries).toEqual([{ kind: 'channel', key: 'cf ab12cd34 one', role: 'owner', undo: { method: 'DELETE', path: '/streams/{stream_id}' } }]);
    expect(plannedBy({ ...subscribe(['cf ab12cd34 one']), method: 'GET' }, 'ab12cd34')).toEqual([]);
  });

  it('leaves channels to the request and records ids from successful answers', () => {
    const answer = (json: unknown) => ({ status: 200, headers: {}, text: JSON.stringify(json), json });
    expect(createdBy({ request: subscribe(['cf ab12cd34 one']), response: answer({ result: 'success', msg: '' }), durationMs: 1 })).toEqual([]);
    const group = { method: 'POST', url: 'http://t.test/api/v1/user_groups/create', role: 'admin', body: 'name=x' };
    expect(createdBy({ request: group, response: answer({ result: 'success', msg: '', group_id: 42 }), durationMs: 1 }))
      .toEqual([{ kind: 'user-group', key: 42, role: 'admin', undo: { method: 'POST', path: '/user_groups/42/deactivate' } }]);
    expect(createdBy({ request: group, response: answer({ result: 'error', msg: 'no', code: 'BAD_REQUEST' }), durationMs: 1 })).toEqual([]);
  });
});
