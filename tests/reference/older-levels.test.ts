// The reference server answering as an older feature level (`serve --feature-level N`): the
// behaviours its level tables name (src/reference/*/*.levels.ts) as Zulip had them before the
// level that changed them (specs/level-crosswalk.yaml), each beside the level that has it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { SEED_USER_IDS } from '../../src/reference/realm/seed-ids.js';
import { call, expectError, expectSuccess } from './helpers.js';
import { edit, freshTopic, GENERAL, history, newChannel, send, topicMessages } from './edit-helpers.js';
import { events, openQueue } from './event-helpers.js';

/** A server per level, started before the file's tests. */
function useServersAt(...levels: number[]): (level: number) => ReferenceServer {
  const servers = new Map<number, ReferenceServer>();
  beforeAll(async () => {
    for (const level of levels) servers.set(level, await startReferenceServer({ featureLevel: level, channelNotices: false }));
  });
  afterAll(async () => {
    for (const s of servers.values()) await s.close();
  });
  return (level) => servers.get(level)!;
}

describe('reference server: the behaviours of older feature levels', () => {
  const at = useServersAt(105, 106, 147, 148, 151, 152, 249, 250, 255, 256, 392, 393);

  it('152: a move within a channel posts its notices from 152 only; a channel move, the old-topic one by default before it', async () => {
    for (const [level, notices] of [
      [151, 0],
      [152, 1],
    ] as const) {
      const s = at(level);
      const topic = freshTopic('older notice');
      const id = await send(s, 'member', topic);
      expectSuccess(await edit(s, 'member', id, { topic: `${topic} moved`, propagate_mode: 'change_all', send_notification_to_old_thread: 'true' }));
      const bot = (t: string) => topicMessages(s, GENERAL, t).then((ms) => ms.filter((m) => m.sender_id === SEED_USER_IDS.notificationBot).length);
      expect([await bot(`${topic} moved`), await bot(topic)]).toEqual([notices, notices]);
      const target = await newChannel(s, `older target ${level}`);
      const other = freshTopic('older channel move');
      const moved = await send(s, 'member', other);
      expectSuccess(await edit(s, 'owner', moved, { stream_id: String(target), send_notification_to_new_thread: 'false' }));
      expect(await bot(other)).toBe(level === 151 ? 1 : 0);
    }
  });

  it('250: the narrow operator channel is unknown before 250; stream is known at every level', async () => {
    const narrow = (operator: string) => JSON.stringify([{ operator, operand: GENERAL }]);
    const fetch = (s: ReferenceServer, operator: string) =>
      call(s, 'GET', '/messages', { as: s.accounts.member, query: { anchor: 'newest', num_before: '1', num_after: '0', narrow: narrow(operator) } });
    expectError(await fetch(at(249), 'channel'), 400, 'BAD_REQUEST', 'Invalid narrow operator: unknown operator channel');
    expectSuccess(await fetch(at(249), 'stream'));
    expectSuccess(await fetch(at(250), 'channel'));
  });

  it('148: away is a flag of the status before 148, the negation of presence_enabled from it', async () => {
    for (const [level, settingEvents] of [
      [147, 0],
      [148, 1],
    ] as const) {
      const s = at(level);
      const queue = await openQueue(s, s.accounts.member2, {}, ['user_settings', 'user_status']);
      expectSuccess(await call(s, 'POST', '/users/me/status', { as: s.accounts.member2, form: { away: 'true' } }));
      const got = await events(s, s.accounts.member2, queue);
      expect(got.filter((e) => e.type === 'user_settings').length).toBe(settingEvents);
      expect(got.find((e) => e.type === 'user_status')).toMatchObject({ away: true });
      expectSuccess(await call(s, 'POST', '/users/me/status', { as: s.accounts.member2, form: { away: 'false' } }));
    }
  });

  it('106: PATCH /users/{user_id} reads full_name as JSON before 106, as plain text from it', async () => {
    const rename = (s: ReferenceServer, name: string) =>
      call(s, 'PATCH', `/users/${s.accounts.member2.userId}`, { as: s.accounts.admin, form: { full_name: name } });
    expectError(await rename(at(105), 'Plain Name'), 400, 'BAD_REQUEST');
    expectSuccess(await rename(at(105), JSON.stringify('Quoted Name')));
    expectSuccess(await rename(at(106), 'Plain Name'));
  });

  it("256: deleting a channel's first message changes first_message_id (with an event) from 256 only", async () => {
    for (const level of [255, 256]) {
      const s = at(level);
      const channel = await newChannel(s, `older first ${level}`);
      const first = await send(s, 'member', 'first', 'one', channel);
      const second = await send(s, 'member', 'second', 'two', channel);
      const queue = await openQueue(s, s.accounts.owner, {}, ['stream']);
      expectSuccess(await call(s, 'POST', `/streams/${channel}/delete_topic`, { as: s.accounts.admin, form: { topic_name: 'first' } }));
      const streams = (await call(s, 'GET', '/streams', { as: s.accounts.owner })).body.streams as { stream_id: number; first_message_id: number }[];
      expect(streams.find((c) => c.stream_id === channel)!.first_message_id).toBe(level === 255 ? first : second);
      expect((await events(s, s.accounts.owner, queue)).filter((e) => e.property === 'first_message_id').length).toBe(level === 255 ? 0 : 1);
    }
  });

  it('393: update_message events list message_ids sorted from 393, newest first before it (no order was promised)', async () => {
    for (const level of [392, 393]) {
      const s = at(level);
      const topic = freshTopic('older ids');
      const ids = [await send(s, 'member', topic), await send(s, 'member', topic)];
      const queue = await openQueue(s, s.accounts.member, {}, ['update_message']);
      expectSuccess(await edit(s, 'member', ids[0], { topic: `${topic} moved`, propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }));
      const event = (await events(s, s.accounts.member, queue)).find((e) => e.type === 'update_message');
      expect(event.message_ids).toEqual(level === 393 ? ids : [...ids].reverse());
    }
  });

  it("118: a channel move's snapshot names the new channel (stream) from 118 only", async () => {
    for (const level of [105, 152]) {
      const s = at(level);
      const target = await newChannel(s, `older snapshot ${level}`);
      const id = await send(s, 'member', freshTopic('older snapshot'));
      expectSuccess(await edit(s, 'owner', id, { stream_id: String(target), send_notification_to_new_thread: 'false' }));
      const [, moved] = await history(s, 'member', id);
      expect(moved.prev_stream).toBe(GENERAL);
      expect(moved.stream).toBe(level === 105 ? undefined : target);
    }
  });
});
