import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess, useServer } from './helpers.js';
import { join, newChannel, send, topics } from './topic-helpers.js';

describe('reference server: GET /users/me/{stream_id}/topics', () => {
  const server = useServer();

  it('lists topics most recent first, max_id the last message, the empty topic by its display name', async () => {
    const s = server();
    const { owner, member } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, member.userId]);
    const e = await send(s, member, c, '');
    await send(s, member, c, 'alpha');
    const b = await send(s, member, c, 'beta');
    const a2 = await send(s, owner, c, 'Alpha');
    const answer = await topics(s, member, c);
    expectSuccess(answer);
    expect(answer.body.topics).toEqual([
      { name: 'Alpha', max_id: a2 },
      { name: 'beta', max_id: b },
      { name: 'general chat', max_id: e },
    ]);
    const raw = await topics(s, member, c, { allow_empty_topic_name: 'true' });
    expect(raw.body.topics.at(-1)).toEqual({ name: '', max_id: e });
  });

  it('protected history: only topics of messages sent after the caller subscribed', async () => {
    const s = server();
    const { owner, member } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId], { invite_only: 'true' });
    await send(s, owner, c, 'before');
    expectError(await topics(s, member, c), 400, 'BAD_REQUEST', 'Invalid channel ID');
    await join(s, c, member.userId);
    const after = await send(s, owner, c, 'after');
    expect((await topics(s, member, c)).body.topics).toEqual([{ name: 'after', max_id: after }]);
    expect((await topics(s, owner, c)).body.topics.map((t: { name: string }) => t.name)).toEqual(['after', 'before']);
  });

  it('public history: a subscriber sees every topic, so does a non-subscriber of a public channel', async () => {
    const s = server();
    const { owner, member, member2 } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId]);
    await send(s, owner, c, 'early');
    expect((await topics(s, member2, c)).body.topics.map((t: { name: string }) => t.name)).toEqual(['early']);
    const p = await newChannel(s, owner, [owner.userId], { invite_only: 'true', history_public_to_subscribers: 'true' });
    await send(s, owner, p, 'early');
    await join(s, p, member.userId);
    expect((await topics(s, member, p)).body.topics.map((t: { name: string }) => t.name)).toEqual(['early']);
  });

  it('a nonexistent channel is BAD_REQUEST', async () => {
    const s = server();
    expectError(await topics(s, s.accounts.member, 99999), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await topics(s, s.accounts.member, 1, { allow_empty_topic_name: 'maybe' }), 400, 'BAD_REQUEST');
  });
});
