import { describe, expect, it } from 'vitest';
import { ledgerNotes } from '../../src/runner/ledger.js';
import { loadCreatedResources } from '../../src/engine/load/created-resources.js';
import type { Exchange } from '../../src/http/client.js';

const { createdBy, plannedBy } = ledgerNotes(loadCreatedResources(), 'ab12cd34');

const subscribe = (names: string[]) => ({
  method: 'POST',
  url: 'http://t.test/api/v1/users/me/subscriptions',
  role: 'owner',
  body: new URLSearchParams({ subscriptions: JSON.stringify(names.map((name) => ({ name }))) }).toString(),
});
const answer = (json: unknown) => ({ status: 200, headers: {}, text: JSON.stringify(json), json });
const post = (path: string, params: Record<string, string>, json: Record<string, unknown>, role = 'member'): Exchange => ({
  request: { method: 'POST', url: `http://t.test/api/v1${path}`, role, body: new URLSearchParams(params).toString() },
  response: answer({ result: 'success', msg: '', ...json }),
  durationMs: 1,
});

describe('ledger', () => {
  it("notes the run's channels before the request is sent, and only those", () => {
    const entries = plannedBy(subscribe(['cf ab12cd34 one', 'general', 'cf other99 two']));
    expect(entries).toEqual([{ kind: 'channel', key: 'cf ab12cd34 one', role: 'owner', undo: { method: 'DELETE', path: '/streams/{stream_id}' } }]);
    expect(plannedBy({ ...subscribe(['cf ab12cd34 one']), method: 'GET' })).toEqual([]);
  });

  it('leaves channels to the request and records ids from successful answers', () => {
    expect(createdBy({ request: subscribe(['cf ab12cd34 one']), response: answer({ result: 'success', msg: '' }), durationMs: 1 })).toEqual([]);
    const group = { method: 'POST', url: 'http://t.test/api/v1/user_groups/create', role: 'admin', body: 'name=x' };
    expect(createdBy({ request: group, response: answer({ result: 'success', msg: '', group_id: 42 }), durationMs: 1 })).toEqual([
      { kind: 'user-group', key: 42, role: 'admin', undo: { method: 'POST', path: '/user_groups/42/deactivate' } },
    ]);
    expect(createdBy({ request: group, response: answer({ result: 'error', msg: 'no', code: 'BAD_REQUEST' }), durationMs: 1 })).toEqual([]);
  });

  it('records each declared kind from its creating exchange, with the undo the declaration gives', () => {
    expect(createdBy(post('/saved_snippets', { title: 't', content: 'c' }, { saved_snippet_id: 7 }))).toEqual([
      { kind: 'saved-snippet', key: 7, role: 'member', undo: { method: 'DELETE', path: '/saved_snippets/7' } },
    ]);
    expect(createdBy(post('/channel_folders/create', { name: 'f' }, { channel_folder_id: 3 }, 'admin'))).toEqual([
      { kind: 'channel-folder', key: 3, role: 'admin', undo: { method: 'PATCH', path: '/channel_folders/3', params: { is_archived: true } } },
    ]);
    // The key from the request, URL-encoded in the undo path.
    expect(createdBy(post('/navigation_views', { fragment: 'narrow/channel/9-a b', is_pinned: 'true' }, {}))).toEqual([
      {
        kind: 'navigation-view',
        key: 'narrow/channel/9-a b',
        role: 'member',
        undo: { method: 'DELETE', path: '/navigation_views/narrow%2Fchannel%2F9-a%20b' },
      },
    ]);
    expect(createdBy(post('/messages', { type: 'stream', to: '5', topic: 't', content: 'c' }, { id: 1001 }))).toEqual([
      { kind: 'message', key: 1001, role: 'member', undo: { method: 'DELETE', path: '/messages/1001' } },
    ]);
    expect(createdBy(post('/bots', { full_name: 'cf ab12cd34 crowd 01', short_name: 'x' }, { user_id: 77, api_key: 'k' }, 'admin'))).toEqual([
      { kind: 'bot', key: 77, role: 'admin', undo: { method: 'DELETE', path: '/bots/77' } },
    ]);
  });

  it("notes a view of the run's own fragment before sending, any other (a built-in one) only once made", () => {
    const own = post('/navigation_views', { fragment: 'narrow/search/cf-ab12cd34-null', is_pinned: 'false', name: 'null' }, {});
    const undo = { method: 'DELETE', path: '/navigation_views/narrow%2Fsearch%2Fcf-ab12cd34-null' };
    expect(plannedBy(own.request)).toEqual([{ kind: 'navigation-view', key: 'narrow/search/cf-ab12cd34-null', role: 'member', undo }]);
    expect(createdBy(own)).toEqual([]);
    const builtIn = post('/navigation_views', { fragment: 'recent', is_pinned: 'true' }, {});
    expect(plannedBy(builtIn.request)).toEqual([]);
    expect(createdBy(builtIn)).toEqual([
      { kind: 'navigation-view', key: 'recent', role: 'member', undo: { method: 'DELETE', path: '/navigation_views/recent' } },
    ]);
  });

  it("keys a custom emoji by the name in its path, and only the run's", () => {
    expect(createdBy(post('/realm/emoji/cf_ab12cd34', {}, {}))).toEqual([
      { kind: 'custom-emoji', key: 'cf_ab12cd34', role: 'member', undo: { method: 'DELETE', path: '/realm/emoji/cf_ab12cd34' } },
    ]);
    expect(createdBy(post('/realm/emoji/party_parrot', {}, {}))).toEqual([]);
  });

  it('ignores exchanges no declaration matches, and answers lacking the key', () => {
    expect(createdBy(post('/user_groups/5/members', { add: '[1]' }, {}))).toEqual([]);
    expect(createdBy(post('/messages/flags', { op: 'add', flag: 'read' }, { messages: [1] }))).toEqual([]);
    expect(
      createdBy({ ...post('/saved_snippets', {}, { saved_snippet_id: 7 }), request: { ...post('/saved_snippets', {}, {}).request, method: 'PATCH' } }),
    ).toEqual([]);
    expect(createdBy(post('/messages', {}, {}))).toEqual([]);
    expect(createdBy(post('/navigation_views', { fragment: '' }, {}))).toEqual([]);
    expect(plannedBy(post('/user_groups/create', { name: 'cf ab12cd34 g' }, {}).request)).toEqual([]);
    expect(plannedBy({ ...subscribe([]), body: 'subscriptions=not-json' })).toEqual([]);
  });

  it('matches a path template segment by segment', () => {
    const notes = ledgerNotes(
      [{ kind: 'thing', by: { method: 'POST', path: '/things/{id}/parts' }, key: { answer: 'part_id' }, undo: { method: 'DELETE', path: '/parts/{key}' } }],
      'r1',
    );
    expect(notes.createdBy(post('/things/12/parts', {}, { part_id: 4 }))).toEqual([
      { kind: 'thing', key: 4, role: 'member', undo: { method: 'DELETE', path: '/parts/4' } },
    ]);
    expect(notes.createdBy(post('/things/12/13/parts', {}, { part_id: 4 }))).toEqual([]);
    expect(notes.createdBy(post('/things/parts', {}, { part_id: 4 }))).toEqual([]);
  });
});
