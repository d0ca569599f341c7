// Channel fixtures: subscribe (and create), unsubscribe, look up by name, archive.
import { startReferenceServer } from '../../src/reference/server.js';
import { describe, expect, it } from 'vitest';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: subscriptions and channels', () => {
  const server = useServer();
  const subscribe = (who: 'member' | 'guest' | 'admin' | 'owner', subs: unknown[], extra: Record<string, string> = {}) =>
    call(server(), 'POST', '/users/me/subscriptions', {
      as: server().accounts[who],
      form: { subscriptions: JSON.stringify(subs), ...extra },
    });
  const streamId = async (name: string, who: 'member' | 'admin' = 'member') =>
    call(server(), 'GET', '/get_stream_id', { as: server().accounts[who], query: { stream: name } });

  it('creates a channel with the caller as creator and subscriber', async () => {
    const s = server();
    const answer = await subscribe('member', [{ name: 'new-one', description: 'Fresh & new' }], { announce: 'true' });
    expectSuccess(answer);
    expect(answer.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [String(s.accounts.member.userId)]: ['new-one'] },
      already_subscribed: {},
    });
    const id = (await streamId('new-one')).body.stream_id;
    const list = await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_public: 'false' } });
    const created = list.body.streams.find((c: { stream_id: number }) => c.stream_id === id);
    expect(created).toMatchObject({
      name: 'new-one',
      creator_id: s.accounts.member.userId,
      rendered_description: '<p>Fresh &amp; new</p>',
      subscriber_count: 1,
      first_message_id: null,
    });
  });

  it('a new channel gets the creation notice from the Notification Bot in "channel events", its first message', async () => {
    const s = await startReferenceServer();
    try {
      const owner = s.accounts.owner;
      expectSuccess(
        await call(s, 'POST', '/users/me/subscriptions', { as: owner, form: { subscriptions: JSON.stringify([{ name: 'announced', description: 'Plans' }]) } }),
      );
      const id = (await call(s, 'GET', '/get_stream_id', { as: owner, query: { stream: 'announced' } })).body.stream_id;
      const topics = await call(s, 'GET', `/users/me/${id}/topics`, { as: owner });
      expect(topics.body.topics.map((t: { name: string }) => t.name)).toEqual(['channel events']);
      const streams = await call(s, 'GET', '/streams', { as: owner });
      const channel = streams.body.streams.find((c: { stream_id: number }) => c.stream_id === id);
      expect(channel.first_message_id).toBe(topics.body.topics[0].max_id);
      const message = await call(s, 'GET', `/messages/${channel.first_message_id}`, { as: owner, query: { apply_markdown: 'false' } });
      expect(message.body.message.content).toBe(
        `**Public** channel created by @_**${'Olivia Owner'}|${owner.userId}**. **Description:**\n\`\`\` quote\nPlans\n\`\`\``,
      );
    } finally {
      await s.close();
    }
  });

  it('already subscribed, and principals by id or email', async () => {
    const s = server();
    const answer = await subscribe('member', [{ name: 'general' }, { name: 'design' }], {
      principals: JSON.stringify([s.accounts.member.userId, 'member2@reference.test']),
    });
    expect(answer.body.already_subscribed).toEqual({ [s.accounts.member.userId]: ['general'], [s.accounts.member2.userId]: ['general'] });
    expect(answer.body.subscribed).toEqual({ [s.accounts.member.userId]: ['design'], [s.accounts.member2.userId]: ['design'] });
  });

  it('private channels: created by members, unreachable for others', async () => {
    const s = server();
    expectSuccess(await subscribe('member', [{ name: 'secret' }], { invite_only: 'true' }));
    const other = await call(s, 'POST', '/users/me/subscriptions', { as: s.accounts.member2, form: { subscriptions: '[{"name":"secret"}]' } });
    expectError(other, 400, 'BAD_REQUEST', 'Unable to access channel (secret).');
    expectError(await streamId('core team'), 400, 'BAD_REQUEST', "Invalid channel name 'core team'");
  });

  it('creation rules', async () => {
    expectError(await subscribe('guest', [{ name: 'guest-made' }]), 400, 'BAD_REQUEST');
    expectError(await subscribe('member', [{ name: 'x'.repeat(61) }]), 400, 'BAD_REQUEST');
    expectSuccess(await subscribe('member', [{ name: '🐙'.repeat(60) }]));
    expectError(await subscribe('member', [{ name: '  ' }]), 400, 'BAD_REQUEST', "Channel name can't be empty.");
    expectError(await subscribe('member', [{ name: 'long-desc', description: 'd'.repeat(1025) }]), 400, 'BAD_REQUEST');
    expectError(await subscribe('member', [{ name: 'default-x' }], { is_default_stream: 'true' }), 400, 'UNAUTHORIZED_PRINCIPAL');
    expectError(await subscribe('member', [{ name: 'web-x' }], { is_web_public: 'true' }), 400, 'BAD_REQUEST');
    expectSuccess(await subscribe('owner', [{ name: 'web-y' }], { is_web_public: 'true' }));
    expectSuccess(await subscribe('admin', [{ name: 'default-y' }], { is_default_stream: 'true' }));
    expectError(await subscribe('member', ['not-an-object']), 400, 'BAD_REQUEST');
  });

  it('unsubscribes', async () => {
    const s = server();
    const del = (subs: string[]) => call(s, 'DELETE', '/users/me/subscriptions', { as: s.accounts.member, form: { subscriptions: JSON.stringify(subs) } });
    const answer = await del(['general', 'core team']);
    expect(answer.body).toMatchObject({ removed: ['general'], not_removed: ['core team'] });
    expectError(await del(['no such channel']), 400, 'BAD_REQUEST');
  });

  it('get_stream_id', async () => {
    expect((await streamId('design')).body.stream_id).toBe(2);
    expect((await streamId('core team', 'admin')).body.stream_id).toBe(3);
    expectError(await streamId('nope'), 400, 'BAD_REQUEST', "Invalid channel name 'nope'");
  });

  it('archiving: administrators only; the channel keeps its data', async () => {
    const s = server();
    const archive = (who: 'member' | 'admin', id: number) => call(s, 'DELETE', `/streams/${id}`, { as: s.accounts[who] });
    expectError(await archive('member', 2), 400, 'BAD_REQUEST', 'Must be an organization administrator');
    expectSuccess(await archive('admin', 2));
    expectError(await archive('admin', 2), 400, 'BAD_REQUEST');
    expectError(await archive('admin', 999), 400, 'BAD_REQUEST', 'Invalid channel ID');
    const list = await call(s, 'GET', '/streams', { as: s.accounts.admin, query: { exclude_archived: 'false' } });
    expect(list.body.streams.find((c: { stream_id: number }) => c.stream_id === 2)).toMatchObject({ is_archived: true, first_message_id: 4 });
  });
});
