// Op 1, PATCH /messages/{message_id}: content edits, validation rules 1-3, the hash, uploads.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';
import { edit, freshTopic, newChannel, send, topicMessages, upload, GENERAL } from './edit-helpers.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('reference server: PATCH /messages/{message_id}, content', () => {
  const server = useServer();

  it('edits content; success body is detached_uploads; the sender only', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('content'), 'before');
    const a = await edit(s, 'member', id, { content: 'after' });
    expectSuccess(a);
    expect(a.body.detached_uploads).toEqual([]);
    expect((await call(s, 'GET', `/messages/${id}`, { as: s.accounts.member })).body.raw_content).toBe('after');
    expectError(await edit(s, 'admin', id, { content: 'hijack' }), 400, 'BAD_REQUEST', "You don't have permission to edit this message");
  });

  it('content up to max_message_length; longer content is truncated like Zulip', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('long'));
    expectSuccess(await edit(s, 'member', id, { content: 'x'.repeat(10000) }));
    expectSuccess(await edit(s, 'member', id, { content: 'y'.repeat(10001) }));
    const raw = (await call(s, 'GET', `/messages/${id}`, { as: s.accounts.member })).body.raw_content as string;
    expect([...raw].length).toBe(10000);
    expect(raw.endsWith('[message truncated]')).toBe(true);
  });

  it('rule 1: content with stream_id is an error; rule 2: topic or stream_id on a direct message', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('rule1'));
    expectError(await edit(s, 'member', id, { content: 'x', stream_id: '2' }), 400, 'BAD_REQUEST', 'Cannot change message content while changing channel');
    const dm = (await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'direct', to: `[${s.accounts.member2.userId}]`, content: 'psst' } }))
      .body.id;
    expectError(await edit(s, 'member', dm, { topic: 'x' }), 400, 'BAD_REQUEST', 'Direct messages cannot have topics.');
    expectError(await edit(s, 'member', dm, { stream_id: String(GENERAL) }), 400, 'BAD_REQUEST', 'Direct messages cannot be moved to channels.');
    expectSuccess(await edit(s, 'member', dm, { content: 'edited dm' }));
  });

  it('only change_one with a content-only edit; nothing to change; inaccessible messages', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('mode'));
    expectError(await edit(s, 'member', id, { content: 'x', propagate_mode: 'change_all' }), 400, 'BAD_REQUEST', 'Invalid propagate_mode without topic edit');
    expectError(await edit(s, 'member', id, { propagate_mode: 'sideways', topic: 'y' }), 400, 'BAD_REQUEST', 'Invalid propagate_mode');
    expectError(await edit(s, 'member', id, {}), 400, 'BAD_REQUEST', 'Nothing to change');
    expectError(await edit(s, 'member', 999999, { content: 'x' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('prev_content_sha256: the hash of the stored raw content, a mismatch is an error', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('sha'), 'stored text');
    const bad = await edit(s, 'member', id, { content: 'new', prev_content_sha256: sha('other text') });
    expect(bad.body.result).toBe('error');
    expectSuccess(await edit(s, 'member', id, { content: 'new', prev_content_sha256: sha('stored text') }));
  });

  it('allow_message_editing and the content time limit', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('disabled'));
    expectSuccess(await call(s, 'PATCH', '/realm', { as: s.accounts.admin, form: { allow_message_editing: 'false' } }));
    expectError(await edit(s, 'member', id, { content: 'x' }), 400, 'BAD_REQUEST', 'Your organization has turned off message editing');
    expectSuccess(await call(s, 'PATCH', '/realm', { as: s.accounts.admin, form: { allow_message_editing: 'true' } }));
    expectError(await edit(s, 'member', 6, { content: 'rewrite history' }), 400, 'BAD_REQUEST', 'The time limit for editing this message has passed');
  });

  it('detached_uploads lists an upload whose only reference the edit removed', async () => {
    const s = server();
    const url = await upload(s, 'member', 'plan.txt');
    expect(url).toMatch(/^\/user_uploads\/.+plan\.txt$/);
    const id = await send(s, 'member', freshTopic('upload'), `See [plan.txt](${url})`);
    const kept = await send(s, 'member', freshTopic('upload'), 'no file here');
    expect((await edit(s, 'member', kept, { content: 'still no file' })).body.detached_uploads).toEqual([]);
    const a = await edit(s, 'member', id, { content: 'never mind' });
    expect(a.body.detached_uploads).toHaveLength(1);
    expect(a.body.detached_uploads[0]).toMatchObject({ name: 'plan.txt', path_id: url.replace('/user_uploads/', ''), size: 18, messages: [] });
  });

  it('rules 9 and 10: wildcard mentions in a channel of many subscribers or a topic of many participants', async () => {
    const s = server();
    const crowd = Array.from({ length: 11 }, (_, i) => `crowd${String(i + 1).padStart(2, '0')}@reference.test`);
    const everyone = [...Object.values(s.accounts).map((a) => a.email), ...crowd];
    await call(s, 'POST', '/users/me/subscriptions', {
      as: s.accounts.owner,
      form: { subscriptions: '[{"name":"crowded"}]', principals: JSON.stringify(everyone) },
    });
    const crowded = (await call(s, 'GET', '/get_stream_id', { as: s.accounts.owner, query: { stream: 'crowded' } })).body.stream_id;
    const id = await send(s, 'member', 'party', 'hello', crowded);
    expectError(await edit(s, 'member', id, { content: 'hello @**all**' }), 400, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED');
    expectSuccess(await edit(s, 'member', id, { content: 'hello @_**all**' })); // silent: no notification
    expectSuccess(await edit(s, 'member', await send(s, 'member', 'small', 'x'), { content: 'hi @**all**' })); // general: 5 subscribers
    const adminMessage = await send(s, 'admin', 'party', 'hi', crowded);
    expectSuccess(await edit(s, 'admin', adminMessage, { content: 'hi @**everyone**' }));
    expectSuccess(await edit(s, 'member', id, { content: 'hello @**topic**' })); // 2 participants
    expect((await topicMessages(s, crowded, 'party')).length).toBe(2);
    const town = await send(s, 'member', 'town hall', 'me too'); // the seeded topic of 16 participants
    expectError(await edit(s, 'member', town, { content: 'hey @**topic**' }), 400, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED');
    expectSuccess(await edit(s, 'admin', await send(s, 'admin', 'town hall', 'x'), { content: 'hey @**topic**' }));
  });
});

describe('reference server, variant realm: the choices op 1 leaves open', () => {
  let s: ReferenceServer;
  beforeAll(async () => {
    s = await startReferenceServer({ flavor: 'variant' });
  });
  afterAll(async () => {
    await s.close();
  });
  const general = async () => (await call(s, 'GET', '/get_stream_id', { as: s.accounts.owner, query: { stream: 'general' } })).body.stream_id as number;

  it('"✔ " plus the display name is an ordinary topic; only "✔ " resolves the empty topic', async () => {
    const id = await send(s, 'moderator', '', 'in the empty topic', await general());
    expectError(await edit(s, 'moderator', id, { topic: '✔ ', propagate_mode: 'change_all' }), 422, 'BAD_REQUEST');
    expectSuccess(await edit(s, 'moderator', id, { topic: '✔ (unnamed topic)', send_notification_to_new_thread: 'false' }));
  });

  it('a wildcard mention is refused only past 20 subscribers, and notices read differently', async () => {
    const crowd = Array.from({ length: 11 }, (_, i) => `crowd${String(i + 1).padStart(2, '0')}@reference.test`);
    const channel = await newChannel(s, 'variant crowd', {}, [...Object.values(s.accounts).map((a) => a.email), ...crowd]);
    expectSuccess(await edit(s, 'member', await send(s, 'member', 'crowded', 'x', channel), { content: '@**all** hello' }));
    const id = await send(s, 'moderator', freshTopic('noticed'), 'x', channel);
    expectSuccess(await edit(s, 'moderator', id, { topic: 'noticed elsewhere', propagate_mode: 'change_all' }));
    expect((await topicMessages(s, channel, 'noticed elsewhere')).at(-1)!.content).toMatch(/^Moderation note: This topic was moved here from /);
  });
});
