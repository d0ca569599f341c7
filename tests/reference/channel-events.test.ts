// The events of operations 4, 6, 7, 11, 12, 18 and 19 as the reference server sends them
// (facts zulip.events.stream.*, user-group.*, channel-folder.*, navigation-view.add,
// saved-snippets.update): which types, to whom, with which fields, in which order; and none for
// a read (operation 20).
import { describe, expect, it } from 'vitest';
import type { ReferenceAccount } from '../../src/reference/server.js';
import { SYSTEM_GROUPS } from '../../src/reference/realm/model.js';
import { call, expectSuccess, useServer } from './helpers.js';
import { openQueue } from './event-helpers.js';

describe('reference server: the events of channels, groups, folders, views and snippets', () => {
  const server = useServer();
  const s = () => server();
  const queue = (as: ReferenceAccount, types: string[], capabilities: Record<string, boolean> = {}) => openQueue(s(), as, capabilities, types);
  const seen = new Map<string, number>();
  /** Each read acknowledges what it got: the next read of the queue shows only newer events. */
  const read = async (as: ReferenceAccount, q: string): Promise<any[]> => {
    const answer = await call(s(), 'GET', '/events', { as, query: { queue_id: q, last_event_id: String(seen.get(q) ?? -1), dont_block: 'true' } });
    expectSuccess(answer);
    const got: any[] = answer.body.events;
    if (got.length) seen.set(q, got.at(-1).id);
    return got.map(({ id: _, ...rest }) => rest);
  };
  const channel = async (as: ReferenceAccount, name: string, form: Record<string, string> = {}): Promise<number> => {
    expectSuccess(await call(s(), 'POST', '/users/me/subscriptions', { as, form: { subscriptions: JSON.stringify([{ name }]), ...form } }));
    return (await call(s(), 'GET', '/get_stream_id', { as, query: { stream: name } })).body.stream_id;
  };
  const patchChannel = async (as: ReferenceAccount, id: number, form: Record<string, string>) =>
    expectSuccess(await call(s(), 'PATCH', `/streams/${id}`, { as, form }));

  it("PATCH /streams: one stream update per property, in Zulip's order, with the name before a rename and the old name in it", async () => {
    const { admin, member2 } = s().accounts;
    const id = await channel(admin, 'ev order');
    const folder = (await call(s(), 'POST', '/channel_folders/create', { as: admin, form: { name: 'ev folder', description: '' } })).body.channel_folder_id;
    const q = await queue(member2, ['stream']);
    await patchChannel(s().accounts.owner, id, {
      new_name: 'ev order 2',
      description: 'Line one\nline **two**',
      folder_id: String(folder),
      topics_policy: 'disable_empty_topic',
      message_retention_days: '30',
      can_remove_subscribers_group: JSON.stringify({ new: SYSTEM_GROUPS['role:moderators'] }),
    });
    const base = { type: 'stream', op: 'update', stream_id: id };
    expect(await read(member2, q)).toEqual([
      { ...base, property: 'message_retention_days', value: 30, name: 'ev order' },
      { ...base, property: 'topics_policy', value: 'disable_empty_topic', name: 'ev order' },
      { ...base, property: 'description', value: 'Line one line **two**', rendered_description: '<p>Line one line <strong>two</strong></p>', name: 'ev order' },
      { ...base, property: 'name', value: 'ev order 2', name: 'ev order' },
      { ...base, property: 'folder_id', value: folder, name: 'ev order 2' },
      { ...base, property: 'can_remove_subscribers_group', value: SYSTEM_GROUPS['role:moderators'], name: 'ev order 2' },
    ]);
  });

  it('PATCH /streams: a description is sent again unchanged; a topics policy or setting unchanged is not', async () => {
    const { admin, member2 } = s().accounts;
    const id = await channel(admin, 'ev same');
    const q = await queue(member2, ['stream']);
    await patchChannel(admin, id, {
      description: '',
      topics_policy: 'inherit',
      can_remove_subscribers_group: JSON.stringify({ new: SYSTEM_GROUPS['role:administrators'] }),
    });
    expect((await read(member2, q)).map((e) => e.property)).toEqual(['description']);
  });

  it("PATCH /streams: a public channel's update reaches every non-guest, and no guest who is not subscribed", async () => {
    const { admin, member2, guest } = s().accounts;
    const id = await channel(admin, 'ev public');
    const [m, g] = [await queue(member2, ['stream']), await queue(guest, ['stream'])];
    await patchChannel(admin, id, { description: 'x' });
    expect(await read(member2, m)).toHaveLength(1);
    expect(await read(guest, g)).toEqual([]);
  });

  it("PATCH /streams: a private channel's update reaches its subscribers and the administrators; made public, the others get stream create", async () => {
    const { owner, admin, member, member2 } = s().accounts;
    const id = await channel(owner, 'ev private', { invite_only: 'true', principals: JSON.stringify([owner.userId, member2.userId]) });
    const [a, m, m2] = [await queue(admin, ['stream']), await queue(member, ['stream', 'subscription']), await queue(member2, ['stream'])];
    await patchChannel(owner, id, { description: 'secret' });
    expect((await read(admin, a)).map((e) => e.property)).toEqual(['description']);
    expect((await read(member2, m2)).map((e) => e.property)).toEqual(['description']);
    expect(await read(member, m)).toEqual([]);
    await patchChannel(owner, id, { is_private: 'false' });
    const got = await read(member, m);
    expect(got.map((e) => `${e.type} ${e.op}`)).toEqual(['stream create', 'subscription peer_add']);
    expect(got[0].streams[0]).toMatchObject({ stream_id: id, invite_only: false });
    expect(got[1]).toEqual({ type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [owner.userId, member2.userId].sort((x, y) => x - y) });
    expect(await read(member2, m2)).toEqual([
      {
        type: 'stream',
        op: 'update',
        property: 'invite_only',
        value: false,
        history_public_to_subscribers: true,
        is_web_public: false,
        stream_id: id,
        name: 'ev private',
      },
    ]);
  });

  it('PATCH /streams: can_send_message_group is its update, then the legacy stream_post_policy and is_announcement_only, which GET /streams shows too', async () => {
    const { admin, member2 } = s().accounts;
    const id = await channel(admin, 'ev posting');
    const q = await queue(member2, ['stream']);
    const admins = SYSTEM_GROUPS['role:administrators'];
    await patchChannel(admin, id, { can_send_message_group: JSON.stringify({ new: admins }) });
    expect((await read(member2, q)).map((e) => [e.property, e.value])).toEqual([
      ['can_send_message_group', admins],
      ['stream_post_policy', 2],
      ['is_announcement_only', true],
    ]);
    const listed = (await call(s(), 'GET', '/streams', { as: admin })).body.streams.find((c: any) => c.stream_id === id);
    expect(listed).toMatchObject({ stream_post_policy: 2, is_announcement_only: true });
    await patchChannel(admin, id, { can_send_message_group: JSON.stringify({ new: { direct_members: [admin.userId], direct_subgroups: [admins] } }) });
    expect((await read(member2, q)).map((e) => [e.property, e.value])).toEqual([
      ['can_send_message_group', { direct_members: [admin.userId], direct_subgroups: [admins] }],
      ['stream_post_policy', 1],
      ['is_announcement_only', false],
    ]);
  });

  it('PATCH /streams: default_streams with every default channel to non-guests; a second addition sends nothing, every removal does', async () => {
    const { admin, member, guest } = s().accounts;
    const id = await channel(admin, 'ev default');
    const [m, g] = [await queue(member, ['default_streams']), await queue(guest, ['default_streams'])];
    await patchChannel(admin, id, { is_default_stream: 'true' });
    await patchChannel(admin, id, { is_default_stream: 'true' });
    await patchChannel(admin, id, { is_default_stream: 'false' });
    await patchChannel(admin, id, { is_default_stream: 'false' });
    const got = await read(member, m);
    expect(got.map((e) => e.default_streams.includes(id))).toEqual([true, false, false]);
    expect(await read(guest, g)).toEqual([]);
  });

  it('PATCH /streams: unarchiving sends is_archived false, then stream create to queues without archived_channels', async () => {
    const { admin, member2 } = s().accounts;
    const id = await channel(admin, 'ev archived');
    expectSuccess(await call(s(), 'DELETE', `/streams/${id}`, { as: admin }));
    const [plain, aware] = [await queue(member2, ['stream']), await queue(member2, ['stream'], { archived_channels: true })];
    await patchChannel(admin, id, { is_archived: 'false' });
    expect((await read(member2, plain)).map((e) => `${e.op} ${e.property ?? e.streams[0].stream_id}`)).toEqual(['update is_archived', `create ${id}`]);
    expect(await read(member2, aware)).toEqual([{ type: 'stream', op: 'update', property: 'is_archived', value: false, stream_id: id, name: 'ev archived' }]);
  });

  const group = async (name: string, members: number[]) => {
    const answer = await call(s(), 'POST', '/user_groups/create', {
      as: s().accounts.member,
      form: { name, description: '', members: JSON.stringify(members) },
    });
    expectSuccess(answer);
    return answer.body.group_id as number;
  };

  it('PATCH /user_groups: one update per changed item to every active user, in the order name, description, reactivation, settings', async () => {
    const { member, member2, guest } = s().accounts;
    const id = await group('ev group', [member.userId]);
    expectSuccess(await call(s(), 'POST', `/user_groups/${id}/deactivate`, { as: member }));
    const [plain, aware, g] = [
      await queue(member2, ['user_group']),
      await queue(member2, ['user_group'], { include_deactivated_groups: true }),
      await queue(guest, ['user_group']),
    ];
    const mention = SYSTEM_GROUPS['role:members'];
    expectSuccess(
      await call(s(), 'PATCH', `/user_groups/${id}`, {
        as: member,
        form: { name: 'ev group 2', description: 'about', deactivated: 'false', can_mention_group: JSON.stringify({ new: mention }) },
      }),
    );
    const update = (data: unknown) => ({ type: 'user_group', op: 'update', group_id: id, data });
    expect(await read(member2, aware)).toEqual([
      update({ name: 'ev group 2' }),
      update({ description: 'about' }),
      update({ deactivated: false }),
      update({ can_mention_group: mention }),
    ]);
    const got = await read(member2, plain);
    expect(got.map((e) => e.op)).toEqual(['update', 'add', 'update']);
    expect(got[1].group).toMatchObject({ id, name: 'ev group 2', members: [member.userId], deactivated: false });
    expect((await read(guest, g)).map((e) => e.op)).toEqual(['update', 'add', 'update']);
    expectSuccess(await call(s(), 'PATCH', `/user_groups/${id}`, { as: member, form: { name: 'ev group 2', description: 'about' } }));
    expect(await read(member2, aware)).toEqual([]);
  });

  it('POST /user_groups/{id}/members: add, delete, add_subgroups, delete_subgroups to every active user, and the Notification Bot tells the members added or removed', async () => {
    const { member, member2, moderator, admin } = s().accounts;
    const [id, sub, old] = [await group('ev members', [member.userId, member2.userId]), await group('ev sub', []), await group('ev old', [])];
    expectSuccess(await call(s(), 'POST', `/user_groups/${id}/members`, { as: member, form: { add_subgroups: JSON.stringify([old]) } }));
    const [a, mod, m2] = [await queue(admin, ['user_group', 'message']), await queue(moderator, ['message']), await queue(member2, ['message'])];
    expectSuccess(
      await call(s(), 'POST', `/user_groups/${id}/members`, {
        as: member,
        form: {
          add: JSON.stringify([moderator.userId]),
          delete: JSON.stringify([member2.userId]),
          add_subgroups: JSON.stringify([sub]),
          delete_subgroups: JSON.stringify([old]),
        },
      }),
    );
    expect(await read(admin, a)).toEqual([
      { type: 'user_group', op: 'add_members', group_id: id, user_ids: [moderator.userId] },
      { type: 'user_group', op: 'remove_members', group_id: id, user_ids: [member2.userId] },
      { type: 'user_group', op: 'add_subgroups', group_id: id, direct_subgroup_ids: [sub] },
      { type: 'user_group', op: 'remove_subgroups', group_id: id, direct_subgroup_ids: [old] },
    ]);
    const [added] = await read(moderator, mod);
    expect(added.message).toMatchObject({ type: 'private', sender_full_name: 'Notification Bot' });
    expect(added.message.content).toContain('added you to the group');
    expect((await read(member2, m2))[0].message.content).toContain('removed you from the group');
  });

  it('a refused members request sends nothing', async () => {
    const { member, member2 } = s().accounts;
    const id = await group('ev refused', [member.userId]);
    const q = await queue(member2, ['user_group', 'message']);
    const answer = await call(s(), 'POST', `/user_groups/${id}/members`, {
      as: member,
      form: { add: JSON.stringify([member2.userId]), delete: JSON.stringify([s().accounts.moderator.userId]) },
    });
    expect(answer.body.result).toBe('error');
    expect(await read(member2, q)).toEqual([]);
  });

  it('channel folders: add with the whole folder, then one update per changed item (name, description, is_archived) to every active user', async () => {
    const { admin, guest } = s().accounts;
    const q = await queue(guest, ['channel_folder']);
    const id = (await call(s(), 'POST', '/channel_folders/create', { as: admin, form: { name: 'ev folders', description: '**bold**' } })).body
      .channel_folder_id;
    expectSuccess(await call(s(), 'PATCH', `/channel_folders/${id}`, { as: admin, form: { name: 'ev folders 2', description: 'plain', is_archived: 'true' } }));
    expectSuccess(await call(s(), 'PATCH', `/channel_folders/${id}`, { as: admin, form: { name: 'ev folders 2', description: 'plain', is_archived: 'true' } }));
    const [add, ...updates] = await read(guest, q);
    expect(add).toEqual({
      type: 'channel_folder',
      op: 'add',
      channel_folder: {
        id,
        name: 'ev folders',
        description: '**bold**',
        rendered_description: '<p><strong>bold</strong></p>',
        order: expect.any(Number),
        creator_id: admin.userId,
        date_created: expect.any(Number),
        is_archived: false,
      },
    });
    expect(updates).toEqual([
      { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { name: 'ev folders 2' } },
      { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { description: 'plain', rendered_description: '<p>plain</p>' } },
      { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { is_archived: true } },
    ]);
  });

  it('navigation views and saved snippets: events to the user alone; an edit without title or content sends none', async () => {
    const { member, member2 } = s().accounts;
    const [mine, theirs] = [await queue(member, ['navigation_view', 'saved_snippets']), await queue(member2, ['navigation_view', 'saved_snippets'])];
    expectSuccess(await call(s(), 'POST', '/navigation_views', { as: member, form: { fragment: 'narrow/search/ev', is_pinned: 'false', name: 'ev view' } }));
    const id = (await call(s(), 'POST', '/saved_snippets', { as: member, form: { title: 'ev', content: 'text' } })).body.saved_snippet_id;
    expectSuccess(await call(s(), 'PATCH', `/saved_snippets/${id}`, { as: member, form: {} }));
    expectSuccess(await call(s(), 'PATCH', `/saved_snippets/${id}`, { as: member, form: { title: 'ev' } }));
    const got = await read(member, mine);
    expect(got.map((e) => `${e.type} ${e.op}`)).toEqual(['navigation_view add', 'saved_snippets add', 'saved_snippets update']);
    expect(got[0].navigation_view).toEqual({ fragment: 'narrow/search/ev', is_pinned: false, name: 'ev view' });
    expect(got[2].saved_snippet).toEqual({ id, title: 'ev', content: 'text', date_created: expect.any(Number) });
    expect(await read(member2, theirs)).toEqual([]);
  });

  it('GET /streams sends nothing', async () => {
    const { member } = s().accounts;
    const q = await queue(member, ['stream', 'default_streams', 'subscription']);
    expectSuccess(await call(s(), 'GET', '/streams', { as: member, query: { include_all: 'true', include_default: 'true' } }));
    expect(await read(member, q)).toEqual([]);
  });
});
