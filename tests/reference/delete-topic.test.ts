import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { events, openQueue } from './event-helpers.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';
import { newChannel, send, topics } from './topic-helpers.js';

describe('reference server: POST /streams/{stream_id}/delete_topic', () => {
  const server = useServer();
  const del = (s: ReturnType<typeof server>, as: { email: string; apiKey: string }, channelId: number, topic_name?: string) =>
    call(s, 'POST', `/streams/${channelId}/delete_topic`, { as, form: topic_name === undefined ? {} : { topic_name } });

  it('an administrator deletes every message of the topic, case-insensitively, and nothing else', async () => {
    const s = server();
    const { owner, admin, member } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, member.userId]);
    await send(s, member, c, 'doomed');
    await send(s, owner, c, 'Doomed');
    const kept = await send(s, member, c, 'kept');
    const answer = await del(s, admin, c, 'DOOMED');
    expectSuccess(answer);
    expect(answer.body.complete).toBe(true);
    expect((await topics(s, member, c)).body.topics).toEqual([{ name: 'kept', max_id: kept }]);
    // A topic with no messages: nothing to do, complete.
    expect((await del(s, admin, c, 'never used')).body.complete).toBe(true);
  });

  it('the variant realm times out after one message a request: complete false, newest first, until the repeat finds it gone', async () => {
    const s = await startReferenceServer({ flavor: 'variant', channelNotices: false });
    try {
      const { owner, admin } = s.accounts;
      const c = await newChannel(s, owner, [owner.userId]);
      const [older, newer] = [await send(s, owner, c, 'big'), await send(s, owner, c, 'big')];
      await send(s, owner, c, 'other');
      const first = await del(s, admin, c, 'big');
      expect(first.body.complete).toBe(false);
      expect((await topics(s, owner, c)).body.topics).toContainEqual(expect.objectContaining({ name: 'big', max_id: older }));
      expect(newer).toBeGreaterThan(older);
      expect((await del(s, admin, c, 'big')).body.complete).toBe(true);
      expect((await topics(s, owner, c)).body.topics.map((t: { name: string }) => t.name)).toEqual(['other']);
      expect((await del(s, admin, c, 'never used')).body.complete).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('the empty topic is named by its display name', async () => {
    const s = server();
    const { owner } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId]);
    await send(s, owner, c, '');
    expectSuccess(await del(s, owner, c, 'general chat'));
    expect((await topics(s, owner, c)).body.topics).toEqual([]);
  });

  it('non-administrators get UNAUTHORIZED_PRINCIPAL; bad channels and missing names are BAD_REQUEST', async () => {
    const s = server();
    const { owner, moderator, member, guest, admin } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, member.userId]);
    await send(s, member, c, 'stays');
    for (const who of [moderator, member, guest]) {
      expectError(await del(s, who, c, 'stays'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    }
    expect((await topics(s, member, c)).body.topics).toHaveLength(1);
    expectError(await del(s, admin, 99999, 'x'), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await del(s, admin, c), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'topic_name' argument");
  });

  it("deleting the channel's first message updates first_message_id and sends a channel update event before the deletion's", async () => {
    const s = server();
    const { owner, member } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, member.userId]);
    const first = await send(s, owner, c, 'first');
    const second = await send(s, owner, c, 'second');
    const q = await openQueue(s, member, {}, ['stream', 'delete_message']);
    expectSuccess(await del(s, owner, c, 'first'));
    expect(await events(s, member, q)).toEqual([
      { type: 'stream', op: 'update', stream_id: c, name: expect.any(String), property: 'first_message_id', value: second, id: 0 },
      { type: 'delete_message', message_type: 'stream', stream_id: c, topic: 'first', message_id: first, id: 1 },
    ]);
    const streams = (await call(s, 'GET', '/streams', { as: member })).body.streams;
    expect(streams.find((x: { stream_id: number }) => x.stream_id === c).first_message_id).toBe(second);
    // Deleting a later topic leaves first_message_id alone: no event.
    await send(s, owner, c, 'third');
    expectSuccess(await del(s, owner, c, 'third'));
    expect(await events(s, member, q)).toHaveLength(3);
  });

  it('deletes in batches of 100, newest first: one event per batch with bulk_message_deletion, one per message without', async () => {
    const s = server();
    const { owner, admin } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId]);
    const ids: number[] = [];
    for (let i = 0; i < 101; i += 1) ids.push(await send(s, owner, c, 'Many'));
    const bulk = await openQueue(s, owner, { bulk_message_deletion: true }, ['delete_message']);
    const legacy = await openQueue(s, owner, {}, ['delete_message']);
    expectSuccess(await del(s, admin, c, 'many'));
    const batches = await events(s, owner, bulk);
    // The topic is lower-cased and the IDs sorted, as Zulip groups and sends them.
    expect(batches.map((e) => [e.topic, e.message_ids])).toEqual([
      ['many', ids.slice(1)],
      ['many', ids.slice(0, 1)],
    ]);
    const single = await events(s, owner, legacy);
    expect(single.map((e) => e.message_id)).toEqual([...ids.slice(1), ids[0]]);
    expect(single.every((e) => !('message_ids' in e))).toBe(true);
  });
});
