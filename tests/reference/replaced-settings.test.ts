// The organisation settings Zulip replaced, at the feature levels before: allow_edit_history
// (message_edit_history_visibility_policy from 358) and mandatory_topics (topics_policy from 392).
// PATCH /realm takes them there and they act on what replaced them; POST /register still shows
// both at every level, as Zulip does (facts zulip.level.358, zulip.level.392).
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { call, expectError } from './helpers.js';
import { edit, send, setRealm } from './edit-helpers.js';

let server: ReferenceServer | undefined;
afterEach(() => server?.close());

const register = async (s: ReferenceServer) => (await call(s, 'POST', '/register', { as: s.accounts.member, form: { fetch_event_types: '["realm"]' } })).body;

describe('reference server: settings Zulip replaced, at the levels before', () => {
  it('at level 357, allow_edit_history=false disables the edit history; true shows it again', async () => {
    const s = (server = await startReferenceServer({ featureLevel: 357, channelNotices: false }));
    const id = await send(s, 'member', 'replaced history', 'v1');
    await edit(s, 'member', id, { content: 'v2' });
    const off = await setRealm(s, { allow_edit_history: 'false' });
    expect(off.body).toMatchObject({ result: 'success' });
    expect(off.body.ignored_parameters_unsupported).toBeUndefined();
    expect(await register(s)).toMatchObject({ realm_allow_edit_history: false });
    expectError(await call(s, 'GET', `/messages/${id}/history`, { as: s.accounts.member }), 400, 'BAD_REQUEST');
    await setRealm(s, { allow_edit_history: 'true' });
    expect((await call(s, 'GET', `/messages/${id}/history`, { as: s.accounts.member })).body.message_history).toHaveLength(2);
  });

  it('at level 391, mandatory_topics=true refuses the empty topic; from 392 the parameter is topics_policy', async () => {
    const s = (server = await startReferenceServer({ featureLevel: 391, channelNotices: false }));
    expect(await register(s)).toMatchObject({ realm_mandatory_topics: false });
    expect((await setRealm(s, { mandatory_topics: 'true' })).body.result).toBe('success');
    expect(await register(s)).toMatchObject({ realm_mandatory_topics: true });
    const refused = await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'stream', to: '1', topic: '', content: 'x' } });
    expect(refused.body.result).toBe('error');
    await setRealm(s, { mandatory_topics: 'false' });
    const sent = await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'stream', to: '1', topic: '', content: 'x' } });
    expect(sent.body.result).toBe('success');
  });

  it('at level 420 both are no parameters any more, and POST /register still shows them', async () => {
    const s = (server = await startReferenceServer({ channelNotices: false }));
    const answer = await setRealm(s, { allow_edit_history: 'false', mandatory_topics: 'true' });
    expect(answer.body.ignored_parameters_unsupported).toEqual(['allow_edit_history', 'mandatory_topics']);
    expect(await register(s)).toMatchObject({ realm_allow_edit_history: true, realm_mandatory_topics: false });
    await setRealm(s, { topics_policy: 'disable_empty_topic' });
    expect(await register(s)).toMatchObject({ realm_mandatory_topics: true });
  });
});
