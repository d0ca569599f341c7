// Op 4, PATCH /streams/{stream_id}: who may update, each parameter, and the read-back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

type Role = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest';

describe('reference server: channel update (op 4)', () => {
  const server = useServer();
  const as = (role: Role) => server().accounts[role];
  const patch = (role: Role, id: number, form: Record<string, string>) => call(server(), 'PATCH', `/streams/${id}`, { as: as(role), form });
  const channel = async (id: number) => {
    const list = await call(server(), 'GET', '/streams', {
      as: as('owner'),
      query: { include_all: 'true', exclude_archived: 'false', include_default: 'true' },
    });
    return list.body.streams.find((c: { stream_id: number }) => c.stream_id === id);
  };
  const create = async (role: Role, name: string, extra: Record<string, string> = {}) => {
    expectSuccess(await call(server(), 'POST', '/users/me/subscriptions', { as: as(role), form: { subscriptions: JSON.stringify([{ name }]), ...extra } }));
    return (await call(server(), 'GET', '/get_stream_id', { as: as(role), query: { stream: name } })).body.stream_id as number;
  };

  it('an administrator updates description, name, privacy and history; the channel shows them', async () => {
    const id = await create('admin', 'upd-1');
    const answer = await patch('admin', id, { description: 'line one\nline two', new_name: 'upd-1b' });
    expect(answer.body).toEqual({ result: 'success', msg: '' });
    expectSuccess(await patch('admin', id, { is_private: 'true' }));
    expect(await channel(id)).toMatchObject({ name: 'upd-1b', description: 'line one line two', invite_only: true, history_public_to_subscribers: false });
    expectSuccess(await patch('admin', id, { history_public_to_subscribers: 'true' }));
    expect((await channel(id)).history_public_to_subscribers).toBe(true);
  });

  it('refuses members, moderators and guests; hides unknown channels', async () => {
    expectError(await patch('member', 1, { description: 'x' }), 400, 'BAD_REQUEST', 'You do not have permission to administer this channel.');
    expectError(await patch('moderator', 1, { description: 'x' }), 400, 'BAD_REQUEST', 'You do not have permission to administer this channel.');
    expectError(await patch('guest', 2, { description: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await patch('admin', 999, { description: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
  });

  it('channel administrators may update (Zulip), but not set the retention', async () => {
    const id = await create('member', 'upd-own');
    expectSuccess(await patch('member', id, { description: 'mine' }));
    expectError(await patch('member', id, { message_retention_days: '5' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  });

  it('limits and invalid combinations', async () => {
    const id = await create('admin', 'upd-2');
    expectError(await patch('admin', id, { description: 'd'.repeat(1025) }), 400, 'BAD_REQUEST');
    expectSuccess(await patch('admin', id, { description: 'd'.repeat(1024) }));
    expectError(await patch('admin', id, { new_name: 'n'.repeat(61) }), 400, 'BAD_REQUEST');
    expectError(await patch('admin', id, { history_public_to_subscribers: 'false' }), 400, 'BAD_REQUEST', 'Invalid parameters');
    expectError(await patch('admin', id, { is_web_public: 'true' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(await patch('admin', id, { topics_policy: 'sometimes' }), 400, 'BAD_REQUEST', 'Invalid topics_policy');
    expectError(await patch('admin', id, { folder_id: '99999' }), 400, 'BAD_REQUEST', 'Invalid channel folder ID');
  });

  it('retention, default, archive flags, topics policy and folders', async () => {
    const id = await create('owner', 'upd-3');
    expectSuccess(await patch('owner', id, { message_retention_days: '30', is_default_stream: 'true', topics_policy: 'disable_empty_topic' }));
    expect(await channel(id)).toMatchObject({ message_retention_days: 30, is_default: true, topics_policy: 'disable_empty_topic' });
    expectSuccess(await patch('owner', id, { message_retention_days: '"unlimited"' }));
    expect((await channel(id)).message_retention_days).toBe(-1);
    expectSuccess(await patch('owner', id, { message_retention_days: '"realm_default"' }));
    expect((await channel(id)).message_retention_days).toBeNull();
    expectSuccess(await patch('owner', id, { is_archived: 'true' }));
    expect((await channel(id)).is_archived).toBe(false);
    expectSuccess(await call(server(), 'DELETE', `/streams/${id}`, { as: as('owner') }));
    expectSuccess(await patch('owner', id, { is_archived: 'false' }));
    expect((await channel(id)).is_archived).toBe(false);
    expectError(await patch('owner', 1, { topics_policy: 'empty_topic_only' }), 400, 'BAD_REQUEST');
    expectSuccess(await patch('owner', id, { topics_policy: 'empty_topic_only' }));
    const folder = await call(server(), 'POST', '/channel_folders/create', { as: as('admin'), form: { name: 'f-upd', description: '' } });
    expectSuccess(await patch('admin', id, { folder_id: String(folder.body.channel_folder_id) }));
    expect((await channel(id)).folder_id).toBe(folder.body.channel_folder_id);
    expectSuccess(await patch('admin', id, { folder_id: 'null' }));
    expect((await channel(id)).folder_id).toBeNull();
  });

  it('permission settings: update objects, the old check, content access for private channels', async () => {
    const id = await create('admin', 'upd-4');
    const member = as('member').userId;
    const value = { direct_members: [member], direct_subgroups: [] };
    expectSuccess(await patch('admin', id, { can_delete_any_message_group: JSON.stringify({ new: value }) }));
    expect((await channel(id)).can_delete_any_message_group).toEqual(value);
    const mismatch = await patch('admin', id, { can_delete_any_message_group: JSON.stringify({ new: 5, old: 6 }) });
    expectError(mismatch, 400, 'EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
    expectSuccess(await patch('admin', id, { can_delete_any_message_group: JSON.stringify({ new: 5, old: value }) }));
    expect((await channel(id)).can_delete_any_message_group).toBe(5);
    const secret = await create('owner', 'upd-secret', { invite_only: 'true' });
    expectError(
      await patch('admin', secret, { can_add_subscribers_group: JSON.stringify({ new: 5 }) }),
      400,
      'BAD_REQUEST',
      'Channel content access is required.',
    );
    expectSuccess(await patch('admin', secret, { can_remove_subscribers_group: JSON.stringify({ new: 5 }), description: 'seen' }));
    expectSuccess(await patch('owner', secret, { can_add_subscribers_group: JSON.stringify({ new: 5 }) }));
    expectError(await patch('admin', id, { can_administer_channel_group: JSON.stringify({ new: 2 }) }), 400, 'BAD_REQUEST');
    expectError(await patch('admin', id, { can_delete_own_message_group: JSON.stringify({ new: 9999 }) }), 400, 'BAD_REQUEST');
  });
});

// The variant realm follows the document where Zulip contradicts it (the disputed clauses).
describe('reference server: channel update (op 4) in the variant realm', () => {
  let s: ReferenceServer;
  beforeAll(async () => {
    s = await startReferenceServer({ flavor: 'variant' });
  });
  afterAll(async () => {
    await s.close();
  });
  const patch = (role: Role, id: number, form: Record<string, string>) => call(s, 'PATCH', `/streams/${id}`, { as: s.accounts[role], form });
  const create = async (role: Role, name: string) => {
    expectSuccess(await call(s, 'POST', '/users/me/subscriptions', { as: s.accounts[role], form: { subscriptions: JSON.stringify([{ name }]) } }));
    return (await call(s, 'GET', '/get_stream_id', { as: s.accounts[role], query: { stream: name } })).body.stream_id as number;
  };
  const field = async (id: number, name: string) =>
    (await call(s, 'GET', '/streams', { as: s.accounts.owner, query: { include_all: 'true', exclude_archived: 'false' } })).body.streams.find(
      (c: { stream_id: number }) => c.stream_id === id,
    )[name];

  it('refuses channel administrators, with UNAUTHORIZED_PRINCIPAL', async () => {
    const own = await create('member', 'v-own');
    expectError(await patch('member', own, { description: 'mine' }), 403, 'UNAUTHORIZED_PRINCIPAL');
  });

  it('lets an administrator set message_retention_days, as plain text', async () => {
    const id = await create('admin', 'v-ret');
    expectSuccess(await patch('admin', id, { message_retention_days: 'unlimited' }));
    expect(await field(id, 'message_retention_days')).toBe(-1);
    expectError(await patch('admin', id, { message_retention_days: '"unlimited"' }), 422, 'BAD_REQUEST');
  });

  it('unarchives with is_archived=true', async () => {
    const id = await create('admin', 'v-arch');
    expectSuccess(await call(s, 'DELETE', `/streams/${id}`, { as: s.accounts.admin }));
    expectSuccess(await patch('admin', id, { is_archived: 'false' }));
    expect(await field(id, 'is_archived')).toBe(true);
    expectSuccess(await patch('admin', id, { is_archived: 'true' }));
    expect(await field(id, 'is_archived')).toBe(false);
  });
});
