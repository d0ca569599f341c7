// Op 8, POST /user_topics, read back through POST /register `user_topics`.
import { describe, expect, it } from 'vitest';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: op 8 user topics', () => {
  const server = useServer();
  const post = (form: Record<string, string>, who: 'member' | 'guest' = 'member') =>
    call(server(), 'POST', '/user_topics', { as: server().accounts[who], form });
  const topics = async () => (await call(server(), 'POST', '/register', { as: server().accounts.member })).body.user_topics;

  it('sets every policy on a topic without messages and 0 removes it', async () => {
    for (const policy of ['1', '2', '3']) {
      expectSuccess(await post({ stream_id: '1', topic: 'never written', visibility_policy: policy }));
      expect(await topics()).toEqual([{ stream_id: 1, topic_name: 'never written', visibility_policy: Number(policy), last_updated: expect.any(Number) }]);
    }
    expectSuccess(await post({ stream_id: '1', topic: 'Never Written', visibility_policy: '0' }));
    expect(await topics()).toEqual([]);
    expectSuccess(await post({ stream_id: '1', topic: 'nothing here', visibility_policy: '0' }));
  });

  it('reads the empty-topic display name as the empty topic, shown by name without the capability', async () => {
    expectSuccess(await post({ stream_id: '1', topic: 'general chat', visibility_policy: '1' }));
    expect(await topics()).toMatchObject([{ topic_name: 'general chat' }]);
    const form = { client_capabilities: JSON.stringify({ notification_settings_null: true, empty_topic_name: true }) };
    expect((await call(server(), 'POST', '/register', { as: server().accounts.member, form })).body.user_topics).toMatchObject([{ topic_name: '' }]);
    expectSuccess(await post({ stream_id: '1', topic: '', visibility_policy: '0' }));
  });

  it('checks the policy, the topic length and the channel', async () => {
    expectError(await post({ stream_id: '1', topic: 't', visibility_policy: '4' }), 400, 'BAD_REQUEST', 'Invalid visibility_policy');
    expectError(await post({ stream_id: '1', topic: 't', visibility_policy: '-1' }), 400, 'BAD_REQUEST');
    expectSuccess(await post({ stream_id: '1', topic: 'x'.repeat(60), visibility_policy: '1' }));
    expectError(await post({ stream_id: '1', topic: 'x'.repeat(61), visibility_policy: '1' }), 400, 'BAD_REQUEST', 'topic is too long (limit: 60 characters)');
    expectError(await post({ stream_id: '3', topic: 't', visibility_policy: '1' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await post({ stream_id: '999', topic: 't', visibility_policy: '1' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await post({ topic: 't', visibility_policy: '1' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument");
    expectError(await post({ stream_id: '1', topic: 't', visibility_policy: '1' }, 'guest'), 400, 'BAD_REQUEST', 'Invalid channel ID');
  });
});
