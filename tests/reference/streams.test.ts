// Op 20, GET /streams: every parameter, the channel object, sorting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer, type RoleName } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: op 20 get all channels', () => {
  const server = useServer();
  const names = async (who: RoleName | 'bot', query: Record<string, string> = {}) => {
    const s = server();
    const answer = await call(s, 'GET', '/streams', { as: who === 'bot' ? s.bot : s.accounts[who], query });
    expectSuccess(answer);
    return (answer.body.streams as { name: string }[]).map((c) => c.name);
  };
  const only = { include_public: 'false', include_subscribed: 'false' };

  it('defaults: public and subscribed, archived excluded, sorted by name', async () => {
    expect(await names('member')).toEqual(['announce', 'design', 'general']);
    expect(await names('admin')).toEqual(['announce', 'core team', 'design', 'general']);
  });

  it('include_public / include_subscribed', async () => {
    expect(await names('member', { include_public: 'false' })).toEqual(['general']);
    expect(await names('member', { include_subscribed: 'false' })).toEqual(['announce', 'design', 'general']);
    expect(await names('admin', { include_public: 'false' })).toEqual(['core team', 'design', 'general']);
    expect(await names('member', only)).toEqual([]);
  });

  it('guests never get public channels through include_public', async () => {
    expect(await names('guest')).toEqual(['announce']);
    expect(await names('guest', { include_subscribed: 'false' })).toEqual([]);
  });

  it('include_web_public', async () => {
    expect(await names('member', { ...only, include_web_public: 'true' })).toEqual(['announce']);
    expect(await names('guest', { include_subscribed: 'false', include_web_public: 'true' })).toEqual(['announce']);
  });

  it('exclude_archived=false adds archived channels', async () => {
    expect(await names('member', { exclude_archived: 'false' })).toEqual(['announce', 'design', 'general', 'old-archive']);
  });

  it('include_all: everything for administrators, metadata access for others', async () => {
    expect(await names('admin', { ...only, include_all: 'true' })).toEqual(['announce', 'core team', 'design', 'general']);
    expect(await names('owner', { ...only, include_all: 'true', exclude_archived: 'false' })).toHaveLength(5);
    expect(await names('moderator', { ...only, include_all: 'true' })).toEqual(['announce', 'design', 'general']);
    expect(await names('guest', { ...only, include_all: 'true' })).toEqual(['announce']);
  });

  it('include_all_active is a plain alias of include_all, no administrator check', async () => {
    expect(await names('member', { ...only, include_all_active: 'true' })).toEqual(['announce', 'design', 'general']);
    expect(await names('admin', { ...only, include_all_active: 'true' })).toContain('core team');
  });

  it('include_default adds no channel: it marks each selected channel with is_default (Zulip)', async () => {
    const s = server();
    const none = await call(s, 'GET', '/streams', { as: s.accounts.guest, query: { ...only, include_default: 'true' } });
    expect(none.body.streams).toEqual([]);
    const all = await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_default: 'true' } });
    expect(all.body.streams.map((c: { name: string; is_default: boolean }) => [c.name, c.is_default])).toEqual([
      ['announce', false],
      ['design', false],
      ['general', true],
    ]);
    const plain = await call(s, 'GET', '/streams', { as: s.accounts.member });
    for (const c of plain.body.streams) expect(c).not.toHaveProperty('is_default');
  });

  it("include_owner_subscribed: a bot sees its owner's channels", async () => {
    expect(await names('bot', only)).toEqual([]);
    expect(await names('bot', { ...only, include_owner_subscribed: 'true' })).toEqual(['general']);
    expect(await names('member2', { ...only, include_owner_subscribed: 'true' })).toEqual([]);
  });

  it('include_can_access_content', async () => {
    expect(await names('member', { ...only, include_can_access_content: 'true' })).toEqual(['announce', 'design', 'general']);
    expect(await names('admin', { ...only, include_can_access_content: 'true' })).toContain('core team');
    expect(await names('moderator', { ...only, include_can_access_content: 'true' })).not.toContain('core team');
    expect(await names('guest', { ...only, include_can_access_content: 'true' })).toEqual(['announce']);
  });

  it('a bad boolean is an error', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/streams', { as: s.accounts.member, query: { include_all: 'sometimes' } });
    expectError(answer, 400, 'BAD_REQUEST', 'include_all is not valid JSON');
  });

  it('channel objects carry every documented field with the right type', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/streams', { as: s.accounts.owner, query: { exclude_archived: 'false' } });
    const byName = Object.fromEntries(answer.body.streams.map((c: { name: string }) => [c.name, c]));
    const general = byName.general;
    expect(general).toMatchObject({
      stream_id: 1,
      is_archived: false,
      description: 'Everyone is here. **Say hi!**',
      rendered_description: '<p>Everyone is here. <strong>Say hi!</strong></p>',
      creator_id: s.accounts.owner.userId,
      invite_only: false,
      is_web_public: false,
      stream_post_policy: 1,
      is_announcement_only: false,
      message_retention_days: null,
      history_public_to_subscribers: true,
      topics_policy: 'inherit',
      first_message_id: 1,
      folder_id: null,
      is_recently_active: true,
      stream_weekly_traffic: null,
      subscriber_count: 5,
    });
    expect(Number.isInteger(general.date_created)).toBe(true);
    for (const field of [
      'can_add_subscribers_group',
      'can_remove_subscribers_group',
      'can_administer_channel_group',
      'can_delete_any_message_group',
      'can_delete_own_message_group',
      'can_move_messages_out_of_channel_group',
      'can_move_messages_within_channel_group',
      'can_send_message_group',
      'can_subscribe_group',
      'can_resolve_topics_group',
    ]) {
      expect(typeof general[field]).toBe('number');
    }
    expect(byName.design.rendered_description).toBe('<p>Sketches &amp; &lt;mockups&gt;</p>');
    expect(byName['core team']).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(byName.announce).toMatchObject({ is_web_public: true, first_message_id: null });
    expect(byName['old-archive']).toMatchObject({ is_archived: true, creator_id: null });
  });
});

// The variant realm follows the document where Zulip contradicts it, and orders by id, descending.
describe('reference server: op 20 in the variant realm', () => {
  let s: ReferenceServer;
  beforeAll(async () => {
    s = await startReferenceServer({ flavor: 'variant' });
  });
  afterAll(async () => {
    await s.close();
  });
  const list = async (who: RoleName, query: Record<string, string> = {}) => {
    const answer = await call(s, 'GET', '/streams', { as: s.accounts[who], query });
    return answer;
  };
  const only = { include_public: 'false', include_subscribed: 'false' };

  it('include_default adds the default channels', async () => {
    const answer = await list('member', { ...only, include_default: 'true' });
    expect(answer.body.streams.map((c: { name: string }) => c.name)).toEqual(['general']);
  });

  it('guests get public channels through include_public', async () => {
    expect((await list('guest')).body.streams.map((c: { name: string }) => c.name).sort()).toEqual(['announce', 'design', 'general']);
  });

  it('include_all_active needs an administrator', async () => {
    expect((await list('member', { include_all_active: 'true' })).body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expectSuccess(await list('admin', { include_all_active: 'true' }));
  });

  it('channels come by id, descending', async () => {
    const ids = (await list('owner', { include_all: 'true' })).body.streams.map((c: { stream_id: number }) => c.stream_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });
});
