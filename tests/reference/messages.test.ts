import { describe, expect, it } from 'vitest';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: sending messages', () => {
  const server = useServer();
  const send = (form: Record<string, string>, who: 'member' | 'guest' = 'member') => call(server(), 'POST', '/messages', { as: server().accounts[who], form });

  it('sends to a channel by name or id and returns increasing ids', async () => {
    const a = await send({ type: 'stream', to: 'general', topic: 'hello', content: 'Hi' });
    expectSuccess(a);
    const b = await send({ type: 'channel', to: '1', topic: '', content: 'empty topic' });
    expect(b.body.id).toBeGreaterThan(a.body.id);
    expectSuccess(await send({ type: 'channel', to: '[1]', topic: 'general chat', content: 'display name of the empty topic' }));
  });

  it('sets first_message_id of a new channel', async () => {
    const s = server();
    await call(s, 'POST', '/users/me/subscriptions', { as: s.accounts.member, form: { subscriptions: '[{"name":"fresh"}]' } });
    const sent = await send({ type: 'stream', to: 'fresh', topic: 't', content: 'first' });
    const list = await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_public: 'false' } });
    expect(list.body.streams.find((c: { name: string }) => c.name === 'fresh').first_message_id).toBe(sent.body.id);
  });

  it('sends direct messages to ids or emails', async () => {
    const s = server();
    expectSuccess(await send({ type: 'direct', to: JSON.stringify([s.accounts.member2.userId]), content: 'psst' }));
    expectSuccess(await send({ type: 'private', to: JSON.stringify(['owner@reference.test']), content: 'psst' }));
    expectError(await send({ type: 'direct', to: '[9999]', content: 'x' }), 400, 'BAD_REQUEST', 'Invalid user ID 9999');
  });

  it('refuses what Zulip refuses', async () => {
    expectError(await send({ to: 'general', topic: 't', content: 'x' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'type' argument");
    expectError(await send({ type: 'fax', to: 'general', topic: 't', content: 'x' }), 400, 'BAD_REQUEST', 'Invalid type');
    expectError(await send({ type: 'stream', to: 'general', topic: 't' }), 400, 'REQUEST_VARIABLE_MISSING');
    expectError(await send({ type: 'stream', to: 'general', topic: 't', content: '  ' }), 400, 'BAD_REQUEST');
    expectError(await send({ type: 'stream', to: 'core team', topic: 't', content: 'x' }), 400, 'BAD_REQUEST');
    expectError(await send({ type: 'stream', to: 'general', topic: 't', content: 'x' }, 'guest'), 400, 'BAD_REQUEST');
    expectError(await send({ type: 'stream', to: 'old-archive', topic: 't', content: 'x' }), 400, 'BAD_REQUEST');
    expectError(await send({ type: 'stream', to: 'nowhere', topic: 't', content: 'x' }), 400, 'STREAM_DOES_NOT_EXIST');
    expectError(await send({ type: 'stream', to: 'general', content: 'x' }), 400, 'BAD_REQUEST', 'Missing topic');
  });

  it('truncates long topics and contents like Zulip', async () => {
    expectSuccess(await send({ type: 'stream', to: 'general', topic: 't'.repeat(100), content: 'c'.repeat(20000) }));
  });
});
