// Which settings a request changes, by specs/changed-settings.yaml (runner/change-keys.ts): each
// parameter its own setting, `together` groups as one, what the run made left out, how values
// travel back (group updates, null as a text) and when a request sets one back.
import { describe, expect, it } from 'vitest';
import { loadChangeDeclarations } from '../../src/engine/load/changed-settings.js';
import { restoreRequest, setsBack, touchesOf, unsettable, type Made } from '../../src/runner/change-keys.js';
import type { Params } from '../../src/http/encode.js';

const changes = loadChangeDeclarations();
const member = { role: 'member', userId: 12 };
const admin = { role: 'admin', userId: 11 };
const nothingMade: Made = () => false;
const touches = (method: string, path: string, params: Params, caller = admin, made = nothingMade) =>
  touchesOf(changes, { method, path, params }, caller, made);
const summary = (method: string, path: string, params: Params, caller = admin, made = nothingMade) =>
  touches(method, path, params, caller, made).map((t) => `${t.change.kind} ${t.scope} ${t.key}${t.cannot ? ` (cannot: ${t.cannot.slice(0, 20)})` : ''}`);

describe('the settings a request changes', () => {
  it('every parameter of PATCH /realm is an organisation setting, read from POST /register realm_<name>', () => {
    const [editing, group] = touches('PATCH', '/realm', { allow_message_editing: false, can_resolve_topics_group: { new: 5 } });
    expect([editing.key, editing.scope, editing.read?.fields]).toEqual([
      'allow_message_editing',
      'organisation',
      { allow_message_editing: 'realm_allow_message_editing' },
    ]);
    expect(editing.read?.request).toMatchObject({ method: 'POST', path: '/register' });
    expect(group.key).toBe('can_resolve_topics_group');
    expect(summary('GET', '/realm', {})).toEqual([]);
    expect(summary('PATCH', '/realm/other', { x: 1 })).toEqual([]);
  });

  it("an account's own settings are the caller's; the email change and the old password change nothing; a new password cannot be put back", () => {
    expect(summary('PATCH', '/settings/display', { left_side_userlist: true, email: 'x@y.test', old_password: 'a', new_password: 'b' }, member)).toEqual([
      'own-setting member left_side_userlist',
      'own-setting member new_password (cannot: a password cannot be)',
    ]);
    expect(touches('PATCH', '/settings', { full_name: 'N' }, member)[0].read).toEqual({
      request: { method: 'GET', path: '/users/me' },
      fields: { full_name: 'full_name' },
      absent: { full_name: undefined },
    });
  });

  it("a status's emoji is one setting of three parameters, read from the caller's entry of user_status", () => {
    const [emoji, text] = touches('POST', '/users/me/status', { status_text: 'busy', emoji_name: 'car' }, member);
    expect([text.key, text.read?.fields.status_text, text.read?.absent.status_text]).toEqual(['status_text', 'user_status.12.status_text', '']);
    expect([emoji.key, emoji.params, emoji.sent]).toEqual([
      'emoji_name+emoji_code+reaction_type',
      ['emoji_name', 'emoji_code', 'reaction_type'],
      { emoji_name: 'car' },
    ]);
    const old = { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' };
    expect(restoreRequest(emoji, old)).toEqual({ method: 'POST', path: '/users/me/status', params: old });
    expect(setsBack(emoji, old)).toBe(false);
    expect(setsBack({ ...emoji, sent: { emoji_name: 'smile' } }, old)).toBe(true);
  });

  it("another account is named by id or email, and put back by the id its read shows; a field of the run's own profile field is no change", () => {
    const [role] = touches('PATCH', '/users/member2@x.test', { role: 400 });
    expect([role.scope, role.read?.request.path]).toEqual(['member2@x.test', '/users/member2@x.test']);
    expect(restoreRequest({ ...role, scope: '13' }, { role: 200 })).toEqual({ method: 'PATCH', path: '/users/13', params: { role: 200 } });
    const made: Made = (kind, key) => kind === 'custom-profile-field' && String(key) === '4';
    expect(summary('PATCH', '/users/13', { profile_data: [{ id: 4, value: 'v' }] }, admin, made)).toEqual([]);
    expect(summary('PATCH', '/users/13', { profile_data: '[{"id":5,"value":"v"}]' }, admin, made)).toEqual([
      'user 13 profile_data (cannot: the value of a custo)',
    ]);
  });

  it('a channel the run made, known by its id, is left out: it is archived at the end', () => {
    const made: Made = (kind, key) => kind === 'channel' && key === '57';
    expect(summary('PATCH', '/streams/57', { description: 'd' }, admin, made)).toEqual([]);
    expect(summary('PATCH', '/streams/58', { description: 'd', new_name: 'n' }, admin, made)).toEqual([
      'channel-setting 58 description',
      'channel-setting 58 new_name',
    ]);
    expect(summary('POST', '/user_topics', { stream_id: 57, topic: 't', visibility_policy: 1 }, member, made)).toEqual([]);
    expect(summary('POST', '/user_topics', { stream_id: 58, topic: 't', visibility_policy: 1 }, member, made)).toEqual([
      "topic-preference member channel 58, topic t (cannot: a topic's policy is )",
    ]);
  });

  it('a group setting goes back as {"new": old} and is set back whatever order its members come in; null goes back as the declared text', () => {
    const [group] = touches('PATCH', '/realm', { can_resolve_topics_group: '{"new":{"direct_members":[3,2],"direct_subgroups":[]}}' });
    const old = { can_resolve_topics_group: { direct_subgroups: [], direct_members: [2, 3] } };
    expect(restoreRequest(group, old).params).toEqual({ can_resolve_topics_group: { new: old.can_resolve_topics_group } });
    expect(setsBack(group, old)).toBe(true);
    expect(setsBack(group, { can_resolve_topics_group: 9 })).toBe(false);
    const [limit] = touches('PATCH', '/realm', { message_content_edit_limit_seconds: null });
    expect(restoreRequest(limit, { message_content_edit_limit_seconds: null }).params).toEqual({ message_content_edit_limit_seconds: 'unlimited' });
    // Sending null is no value to Zulip: it does not set an unlimited limit back.
    expect(setsBack(limit, { message_content_edit_limit_seconds: null })).toBe(false);
    expect(setsBack({ ...limit, sent: { message_content_edit_limit_seconds: 'unlimited' } }, { message_content_edit_limit_seconds: null })).toBe(true);
    expect(setsBack({ ...limit, sent: { message_content_edit_limit_seconds: '600' } }, { message_content_edit_limit_seconds: 600 })).toBe(true);
  });

  it('an old value the API cannot set again says why', () => {
    const [zone] = touches('PATCH', '/settings', { timezone: 'Europe/Paris' }, member);
    expect(unsettable(zone, { timezone: '' })).toMatch(/^a time zone never set cannot be unset/);
    expect(unsettable(zone, { timezone: 'Asia/Tokyo' })).toBeUndefined();
  });
});
