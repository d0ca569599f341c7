import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';
import { fetchTopic, newChannel, send } from './topic-helpers.js';

describe('reference server: POST /mark_topic_as_read and GET /messages flags', () => {
  const server = useServer();
  const mark = (s: ReturnType<typeof server>, as: { email: string; apiKey: string }, form: Record<string, string>) =>
    call(s, 'POST', '/mark_topic_as_read', { as, form });

  it("marks the caller's messages of the topic read, only those", async () => {
    const s = server();
    const { owner, member, member2 } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, member.userId, member2.userId]);
    await send(s, member2, c, 'news');
    await send(s, member2, c, 'News');
    await send(s, member2, c, 'other');
    expect((await fetchTopic(s, member, c, 'news')).map((m) => m.flags)).toEqual([[], []]);
    expect((await fetchTopic(s, member2, c, 'news')).map((m) => m.flags)).toEqual([['read'], ['read']]);
    expectSuccess(await mark(s, member, { stream_id: String(c), topic_name: 'news' }));
    expect((await fetchTopic(s, member, c, 'news')).map((m) => m.flags)).toEqual([['read'], ['read']]);
    expect((await fetchTopic(s, member, c, 'other'))[0].flags).toEqual([]);
    expect((await fetchTopic(s, owner, c, 'news'))[0].flags).toEqual([]);
  });

  it('the empty topic, by "" or by its display name, marks the whole channel read (Zulip drops the topic filter for an empty name)', async () => {
    const s = server();
    const { owner, member, member2 } = s.accounts;
    for (const name of ['', 'general chat']) {
      const c = await newChannel(s, owner, [owner.userId, member.userId, member2.userId]);
      await send(s, member2, c, '');
      await send(s, member2, c, 'other');
      expectSuccess(await mark(s, member, { stream_id: String(c), topic_name: name }));
      expect((await fetchTopic(s, member, c, 'other'))[0].flags).toEqual(['read']);
    }
    // The display name of an empty topic the caller has no message in is an unknown topic.
    const empty = await newChannel(s, owner, [owner.userId, member.userId]);
    expectError(await mark(s, member, { stream_id: String(empty), topic_name: 'general chat' }), 400, 'BAD_REQUEST', "No such topic ''");
  });

  it('the variant marks the empty topic only, and accepts a topic without messages of the caller', async () => {
    const s = await startReferenceServer({ flavor: 'variant' });
    try {
      const { owner, member, member2 } = s.accounts;
      const c = await newChannel(s, owner, [owner.userId, member.userId, member2.userId]);
      await send(s, member2, c, '');
      await send(s, member2, c, 'other');
      expectSuccess(await mark(s, member, { stream_id: String(c), topic_name: '(unnamed topic)' }));
      expect((await fetchTopic(s, member, c, 'other'))[0].flags).toEqual([]);
      expectSuccess(await mark(s, member, { stream_id: String(c), topic_name: 'no such topic' }));
    } finally {
      await s.close();
    }
  });

  it('errors: unknown channel, hidden channel, unknown topic, missing and malformed arguments', async () => {
    const s = server();
    const { member } = s.accounts;
    expectError(await mark(s, member, { stream_id: '99999', topic_name: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await mark(s, member, { stream_id: '3', topic_name: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await mark(s, member, { stream_id: '1', topic_name: 'no such' }), 400, 'BAD_REQUEST', "No such topic 'no such'");
    expectError(await mark(s, member, { stream_id: '1' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'topic_name' argument");
    expectError(await mark(s, member, { topic_name: 'greetings' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument");
    expectError(await mark(s, member, { stream_id: 'one', topic_name: 'greetings' }), 400, 'BAD_REQUEST', 'stream_id is not valid JSON');
  });

  it('GET /messages: narrows, anchors and the historical flag', async () => {
    const s = server();
    const { owner, member2 } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId]);
    const ids = [await send(s, owner, c, 't'), await send(s, owner, c, 't'), await send(s, owner, c, 't')];
    const narrow = JSON.stringify([{ operator: 'channel', operand: c }]);
    const newest = await call(s, 'GET', '/messages', { as: member2, query: { anchor: 'newest', num_before: '2', num_after: '0', narrow } });
    expect(newest.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(1));
    expect(newest.body.messages[0]).toMatchObject({
      flags: ['read', 'historical'],
      subject: 't',
      stream_id: c,
      sender_id: owner.userId,
      content: '<p>in t</p>',
    });
    expect(newest.body).toMatchObject({ found_oldest: false, found_newest: true });
    const around = await call(s, 'GET', '/messages', { as: owner, query: { anchor: String(ids[1]), num_before: '1', num_after: '1', narrow } });
    expect(around.body.messages.map((m: { id: number }) => m.id)).toEqual(ids);
    expectError(
      await call(s, 'GET', '/messages', {
        as: owner,
        query: { anchor: 'newest', num_before: '1', num_after: '0', narrow: '[{"operator":"bogus","operand":1}]' },
      }),
      400,
      'BAD_REQUEST',
    );
  });

  it('GET /messages: channels:public reads every public channel, subscribed or not, and no private one', async () => {
    const s = server();
    const { owner, member2 } = s.accounts;
    const open = await newChannel(s, owner, [owner.userId]);
    const inOpen = await send(s, owner, open, 'open talk');
    const secret = await send(s, owner, 3, 'secret talk');
    const query = (operand: string) => ({ anchor: 'newest', num_before: '50', num_after: '0', narrow: JSON.stringify([{ operator: 'channels', operand }]) });
    const ids = (await call(s, 'GET', '/messages', { as: member2, query: query('public') })).body.messages.map((m: { id: number }) => m.id);
    expect(ids).toContain(inOpen);
    expect(ids).not.toContain(secret);
    const webPublic = await call(s, 'GET', '/messages', { as: member2, query: query('web-public') });
    expect(webPublic.body.messages.map((m: { id: number }) => m.id)).not.toContain(inOpen);
    expectError(await call(s, 'GET', '/messages', { as: member2, query: query('private') }), 400, 'BAD_REQUEST');
  });
});
