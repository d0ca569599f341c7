// The events of the message operations as the reference server sends them (Zulip's
// do_update_message, do_delete_messages, do_mark_stream_messages_as_read, the queue's virtual
// events): update_message keys and receivers, users shut out by a move, policies following a
// whole topic, the order of an edit's events, resolve notices and their undo, deletions,
// read events merged per queue.
import { describe, expect, it } from 'vitest';
import { SEED_USER_IDS } from '../../src/reference/realm/seed-ids.js';

// The zulip flavor numbers the seeded users as the seed does.
const NOTIFICATION_BOT_ID = SEED_USER_IDS.notificationBot;
import type { ReferenceServer } from '../../src/reference/server.js';
import { call, expectSuccess, useServer } from './helpers.js';
import { events, openQueue } from './event-helpers.js';
import { join, newChannel, send } from './topic-helpers.js';

type Who = { email: string; apiKey: string };
const GENERAL = 1;
let counter = 0;
const fresh = (label: string) => `events ${label} ${(counter += 1)}`;
const edit = async (s: ReferenceServer, who: Who, id: number, form: Record<string, string>) =>
  expectSuccess(await call(s, 'PATCH', `/messages/${id}`, { as: who, form }));
const quiet = { send_notification_to_new_thread: 'false' };

describe('reference server: the events of the message operations', () => {
  const server = useServer();

  it('a content edit: orig_content and orig_rendered_content, no prev_content, no topic keys; to the holders, the editor too', async () => {
    const s = server();
    const { member, member2, guest } = s.accounts;
    const id = await send(s, member, GENERAL, fresh('content'));
    const [holder, editor, outsider] = [
      await openQueue(s, member2, {}, ['update_message']),
      await openQueue(s, member, {}, ['update_message']),
      await openQueue(s, guest, {}, ['update_message']),
    ];
    await edit(s, member, id, { content: '**new**' });
    const [event] = await events(s, member2, holder);
    expect(event).toMatchObject({
      type: 'update_message',
      user_id: member.userId,
      message_id: id,
      message_ids: [id],
      rendering_only: false,
      flags: [],
      orig_content: `in ${await topicOf(s, id)}`,
      content: '**new**',
      rendered_content: '<p><strong>new</strong></p>',
      is_me_message: false,
      stream_id: GENERAL,
      stream_name: 'general',
    });
    expect(event).not.toHaveProperty('prev_content');
    expect(event).not.toHaveProperty('subject');
    expect(event).not.toHaveProperty('propagate_mode');
    expect((await events(s, member, editor)).map((e) => e.message_id)).toEqual([id]);
    expect(await events(s, guest, outsider)).toEqual([]);
  });

  it('a topic move lists every moved message, sorted, with orig_subject, subject, topic_links and propagate_mode; the empty topic by its display name', async () => {
    const s = server();
    const { member, member2 } = s.accounts;
    const topic = fresh('modes');
    const ids = [await send(s, member, GENERAL, topic), await send(s, member2, GENERAL, topic), await send(s, member, GENERAL, topic)];
    const [plain, aware] = [await openQueue(s, member2, {}, ['update_message']), await openQueue(s, member2, { empty_topic_name: true }, ['update_message'])];
    await edit(s, member, ids[1], { topic: `${topic} see https://x.test/a`, propagate_mode: 'change_later', ...quiet });
    await edit(s, member, ids[0], { topic: '', propagate_mode: 'change_one', ...quiet });
    const [later, empty] = await events(s, member2, plain);
    expect(later).toMatchObject({
      message_ids: [ids[1], ids[2]],
      orig_subject: topic,
      subject: `${topic} see https://x.test/a`,
      propagate_mode: 'change_later',
      topic_links: [{ text: 'https://x.test/a', url: 'https://x.test/a' }],
    });
    expect(empty).toMatchObject({ message_ids: [ids[0]], subject: 'general chat' });
    expect((await events(s, member2, aware))[1].subject).toBe('');
  });

  it('a move to a private channel: delete_message (old channel and topic) to who loses access, update_message with new_stream_id to who stays', async () => {
    const s = server();
    const { owner, member, member2, guest } = s.accounts;
    const open = await newChannel(s, owner, [owner.userId, member.userId, member2.userId, guest.userId]);
    const closed = await newChannel(s, owner, [owner.userId, member.userId], { invite_only: 'true' });
    const id = await send(s, owner, open, 'Secret');
    const queues = {
      guest: await openQueue(s, guest, { bulk_message_deletion: true }, ['update_message', 'delete_message']),
      member2: await openQueue(s, member2, {}, ['update_message', 'delete_message']),
      member: await openQueue(s, member, {}, ['update_message', 'delete_message']),
    };
    await edit(s, owner, id, { stream_id: String(closed), ...quiet });
    expect(await events(s, guest, queues.guest)).toEqual([
      expect.objectContaining({ type: 'delete_message', message_ids: [id], message_type: 'stream', stream_id: open, topic: 'Secret' }),
    ]);
    expect(await events(s, member2, queues.member2)).toEqual([expect.objectContaining({ type: 'delete_message', message_id: id, stream_id: open })]);
    expect(await events(s, member, queues.member)).toEqual([
      expect.objectContaining({ type: 'update_message', stream_id: open, new_stream_id: closed, orig_subject: 'Secret', propagate_mode: 'change_one' }),
    ]);
    // member2 lost its copy: the message is gone for it.
    expect((await call(s, 'GET', `/messages/${id}`, { as: member2 })).body.result).toBe('error');
  });

  it('public history: a subscriber without a copy gets the edit with flags ["read"]; moves there give no copies, to protected history read ones', async () => {
    const s = server();
    const { owner, member2 } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId]);
    const id = await send(s, owner, c, 'late');
    await join(s, c, member2.userId);
    const q = await openQueue(s, member2, {}, ['update_message']);
    await edit(s, owner, id, { content: 'edited' });
    expect((await events(s, member2, q)).map((e) => e.flags)).toEqual([['read']]);
    const protectedChannel = await newChannel(s, owner, [owner.userId, member2.userId], { invite_only: 'true', history_public_to_subscribers: 'false' });
    await edit(s, owner, id, { stream_id: String(protectedChannel), ...quiet });
    const got = await call(s, 'GET', `/messages/${id}`, { as: member2 });
    expect(got.body.message.flags).toEqual(['read']);
  });

  it('a whole topic moved: user_topic (old to 0, new to the policy; no muted_topics for a queue asking for user_topic), then update_message, then the notices in the new and the old topic, read for the mover', async () => {
    const s = server();
    const { member, member2 } = s.accounts;
    const topic = fresh('order');
    const id = await send(s, member, GENERAL, topic);
    expectSuccess(await call(s, 'POST', '/user_topics', { as: member2, form: { stream_id: String(GENERAL), topic, visibility_policy: '3' } }));
    const q = await openQueue(s, member2, {}, ['user_topic', 'update_message', 'message', 'muted_topics']);
    const mover = await openQueue(s, member, {}, ['message']);
    await edit(s, member, id, { topic: `${topic} moved`, propagate_mode: 'change_all', send_notification_to_old_thread: 'true' });
    const got = await events(s, member2, q);
    expect(got.map((e) => [e.type, e.topic_name ?? e.message?.subject, e.visibility_policy])).toEqual([
      ['user_topic', topic, 0],
      ['user_topic', `${topic} moved`, 3],
      ['update_message', undefined, undefined],
      ['message', `${topic} moved`, undefined],
      ['message', topic, undefined],
    ]);
    expect(got[3].message.sender_id).toBe(NOTIFICATION_BOT_ID);
    expect((await events(s, member, mover)).map((e) => e.flags)).toEqual([['read'], ['read']]);
  });

  it('a merge keeps the more visible policy; a user losing access loses the policy', async () => {
    const s = server();
    const { owner, member, member2 } = s.accounts;
    const [a, b] = [fresh('merge a'), fresh('merge b')];
    const id = await send(s, member, GENERAL, a);
    await send(s, member, GENERAL, b);
    for (const [topic, policy] of [
      [a, '1'],
      [b, '2'],
    ])
      expectSuccess(await call(s, 'POST', '/user_topics', { as: member2, form: { stream_id: String(GENERAL), topic, visibility_policy: policy } }));
    const q = await openQueue(s, member2, {}, ['user_topic']);
    await edit(s, member, id, { topic: b, propagate_mode: 'change_all', ...quiet });
    // Muted (1) merged into unmuted (2): unmuted stays, so only the old topic's policy is reset.
    expect((await events(s, member2, q)).map((e) => [e.topic_name, e.visibility_policy])).toEqual([[a, 0]]);
    const closed = await newChannel(s, owner, [owner.userId], { invite_only: 'true' });
    const lost = await openQueue(s, member2, {}, ['user_topic']);
    await edit(s, owner, id, { stream_id: String(closed), propagate_mode: 'change_all', ...quiet });
    expect((await events(s, member2, lost)).map((e) => [e.topic_name, e.visibility_policy])).toEqual([[b, 0]]);
  });

  it('resolving: update_message, then the resolve notice; unresolving at once: update_message, then delete_message of the notice', async () => {
    const s = server();
    const { owner, member2 } = s.accounts;
    const topic = fresh('resolve');
    const id = await send(s, owner, GENERAL, topic);
    const q = await openQueue(s, member2, { bulk_message_deletion: true }, ['update_message', 'message', 'delete_message']);
    await edit(s, owner, id, { topic: `✔ ${topic}`, propagate_mode: 'change_all' });
    const [update, notice] = await events(s, member2, q);
    expect(update.subject).toBe(`✔ ${topic}`);
    expect(notice).toMatchObject({ type: 'message', flags: ['read'], message: { sender_id: NOTIFICATION_BOT_ID, subject: `✔ ${topic}` } });
    const undo = await openQueue(s, member2, { bulk_message_deletion: true }, ['update_message', 'message', 'delete_message']);
    await edit(s, owner, id, { topic, propagate_mode: 'change_all' });
    expect((await events(s, member2, undo)).map((e) => [e.type, e.message_ids])).toEqual([
      ['update_message', [id, notice.message.id]],
      ['delete_message', [notice.message.id]],
    ]);
  });

  it("deleting: the users who could see the messages and the actor hear of it, the topic lower-cased; the topic's policies go; DELETE /messages too", async () => {
    const s = server();
    const { owner, admin, member, member2, guest } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, member.userId]);
    const ids = [await send(s, member, c, 'Doomed'), await send(s, owner, c, 'doomed')];
    expectSuccess(await call(s, 'POST', '/user_topics', { as: member, form: { stream_id: String(c), topic: 'Doomed', visibility_policy: '3' } }));
    const queues = [
      [member, await openQueue(s, member, { bulk_message_deletion: true }, ['delete_message', 'user_topic'])],
      [admin, await openQueue(s, admin, { bulk_message_deletion: true }, ['delete_message'])],
      [guest, await openQueue(s, guest, {}, ['delete_message'])],
    ] as const;
    expectSuccess(await call(s, 'POST', `/streams/${c}/delete_topic`, { as: admin, form: { topic_name: 'DOOMED' } }));
    expect((await events(s, member, queues[0][1])).map((e) => [e.type, e.topic ?? e.topic_name, e.message_ids ?? e.visibility_policy])).toEqual([
      ['delete_message', 'doomed', ids],
      ['user_topic', 'DOOMED', 0],
    ]);
    expect((await events(s, admin, queues[1][1])).map((e) => e.message_ids)).toEqual([ids]);
    expect(await events(s, guest, queues[2][1])).toEqual([]);
    const dm = (await call(s, 'POST', '/messages', { as: member, form: { type: 'direct', to: JSON.stringify([member2.userId]), content: 'gone soon' } })).body
      .id;
    const q = await openQueue(s, member2, {}, ['delete_message']);
    expectSuccess(await call(s, 'DELETE', `/messages/${dm}`, { as: member }));
    expect(await events(s, member2, q)).toEqual([expect.objectContaining({ type: 'delete_message', message_type: 'private', message_id: dm })]);
  });

  it('marking a topic read: the caller alone gets the messages it newly read; two marks before a read come as one event; nothing unread, no event', async () => {
    const s = server();
    const { member, member2 } = s.accounts;
    const [a, b] = [fresh('read a'), fresh('read b')];
    const ids = [await send(s, member2, GENERAL, a), await send(s, member2, GENERAL, b)];
    const [reader, sender] = [await openQueue(s, member, {}, ['update_message_flags']), await openQueue(s, member2, {}, ['update_message_flags'])];
    for (const topic of [a, b])
      expectSuccess(await call(s, 'POST', '/mark_topic_as_read', { as: member, form: { stream_id: String(GENERAL), topic_name: topic } }));
    expect(await events(s, member, reader)).toEqual([
      { id: 1, type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: ids, all: false },
    ]);
    expect(await events(s, member2, sender)).toEqual([]);
    const again = await openQueue(s, member, {}, ['update_message_flags']);
    expectSuccess(await call(s, 'POST', '/mark_topic_as_read', { as: member, form: { stream_id: String(GENERAL), topic_name: a } }));
    expect(await events(s, member, again)).toEqual([]);
  });
});

async function topicOf(s: ReferenceServer, id: number): Promise<string> {
  return (await call(s, 'GET', `/messages/${id}`, { as: s.accounts.owner })).body.message.subject;
}
