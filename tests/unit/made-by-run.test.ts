// What the run has created, from its requests and answers, by specs/created-resources.yaml: the
// unit check's notion of a timestamp the run caused.
import { describe, expect, it } from 'vitest';
import { madeByRun } from '../../src/runner/made-by-run.js';
import type { CreatedResource } from '../../src/engine/load/created-resources.js';
import type { Exchange } from '../../src/http/client.js';

const RESOURCES: CreatedResource[] = [
  {
    kind: 'channel',
    by: { method: 'POST', path: '/users/me/subscriptions' },
    noted: 'before-sending',
    key: { param: 'subscriptions', each: 'name' },
    keyStartsWith: 'cf ${run.id} ',
    undo: { method: 'DELETE', path: '/streams/{key}' },
  },
  { kind: 'message', by: { method: 'POST', path: '/messages' }, key: { answer: 'id' }, undo: { method: 'DELETE', path: '/messages/{key}' } },
];
const request = (method: string, path: string, body: string | null = null): Exchange['request'] => ({
  method,
  url: `http://t/api/v1${path}`,
  role: 'member',
  body,
});

describe('madeByRun', () => {
  it('knows a channel named with the run id from the request, a message from its success answer, and nothing else', () => {
    const made = madeByRun(RESOURCES, 'r1');
    made.onRequest(request('POST', '/users/me/subscriptions', `subscriptions=${encodeURIComponent('[{"name":"cf r1 mine"},{"name":"general"}]')}`));
    const sent = {
      request: request('POST', '/messages'),
      durationMs: 1,
      response: { status: 200, headers: {}, text: '', json: { result: 'success', id: 42 } },
    };
    made.onExchange(sent);
    made.onExchange({ ...sent, response: { ...sent.response, json: { result: 'error', id: 43 } } });
    expect(made.made('channel', 'cf r1 mine')).toBe(true);
    expect(made.made('channel', 'general')).toBe(false);
    expect(made.made('message', '42')).toBe(true);
    expect(made.made('message', '43')).toBe(false);
    expect(made.made('channel', '42')).toBe(false);
  });
});
