// The variant realm's choices where the document shows nothing: user and system group ids unlike
// Zulip's, a registration that answers only the fields it names, and a channel's own move group
// deciding alone where it names anyone (realm/flavor.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { VARIANT } from '../../src/reference/realm/flavor.js';
import { VARIANT_SYSTEM_GROUPS, ZULIP_SYSTEM_GROUPS } from '../../src/reference/realm/system-groups.js';
import { call, expectError, expectSuccess } from './helpers.js';
import { fetchTopic, newChannel, send } from './topic-helpers.js';

describe('reference server: the variant realm', () => {
  let s: ReferenceServer;
  beforeAll(async () => {
    s = await startReferenceServer({ flavor: 'variant', channelNotices: false });
  });
  afterAll(() => s.close());

  it('numbers its users apart from Zulip (and from every other id it hands out)', () => {
    const ids = Object.values(s.accounts).map((a) => a.userId);
    for (const id of ids) expect(id).toBeGreaterThan(1_000_000);
    expect(new Set(ids).size).toBe(ids.length);
    expect(s.bot.ownerId).toBe(s.accounts.member.userId);
  });

  it('numbers its system groups apart from Zulip, and their membership follows the roles as there', async () => {
    const groups = (await call(s, 'GET', '/user_groups', { as: s.accounts.member })).body.user_groups as {
      id: number;
      name: string;
      direct_subgroup_ids: number[];
    }[];
    const system = Object.fromEntries(groups.filter((g) => g.name.startsWith('role:')).map((g) => [g.name, g.id]));
    expect(system).toEqual(VARIANT_SYSTEM_GROUPS);
    for (const id of Object.values(system)) expect(Object.values(ZULIP_SYSTEM_GROUPS)).not.toContain(id);
    const everyone = groups.find((g) => g.name === 'role:everyone')!;
    expect(everyone.direct_subgroup_ids).toEqual([VARIANT_SYSTEM_GROUPS['role:members']]);
  });

  it('answers POST /register with the fields it names and no other', async () => {
    const answer = await call(s, 'POST', '/register', { as: s.accounts.member });
    expectSuccess(answer);
    // Besides the envelope (with the variant's empty list of ignored parameters) and the field a
    // later version adds to every success body (flavor.ts extraField).
    const {
      result: _r,
      msg: _m,
      ignored_parameters_unsupported: ignored,
      [VARIANT.extraField!.name]: _later,
      ...fields
    } = answer.body as Record<string, unknown>;
    expect(ignored).toEqual([]);
    expect(Object.keys(fields).sort()).toEqual([...VARIANT.registerFields!].sort());
  });

  it("lets a channel's move group that names anyone decide alone; one of role:nobody leaves it to the organisation", async () => {
    const { owner, moderator, member } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, moderator.userId, member.userId]);
    const rename = async (as: typeof member, topic: string) =>
      call(s, 'PATCH', `/messages/${await send(s, as, c, topic)}`, { as, form: { topic: `${topic} moved`, send_notification_to_new_thread: 'false' } });
    // The organisation's default (the variant's): moderators may move messages between topics.
    expectSuccess(await rename(moderator, 'by the organisation'));
    expectError(await rename(member, 'not the member'), 403, 'BAD_REQUEST');
    const group = (ids: number[]) => JSON.stringify({ new: { direct_members: ids, direct_subgroups: [] } });
    expectSuccess(await call(s, 'PATCH', `/streams/${c}`, { as: owner, form: { can_move_messages_within_channel_group: group([member.userId]) } }));
    expectSuccess(await rename(member, 'by the channel'));
    expectError(await rename(moderator, 'no longer the moderator'), 403, 'BAD_REQUEST');
  });

  it('applies an update object whose old is not the current value, as if old were not there', async () => {
    const { owner } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId]);
    const update = JSON.stringify({ new: { direct_members: [owner.userId], direct_subgroups: [] }, old: VARIANT_SYSTEM_GROUPS['role:everyone'] });
    expectSuccess(await call(s, 'PATCH', `/streams/${c}`, { as: owner, form: { can_remove_subscribers_group: update } }));
    const streams = (await call(s, 'GET', '/streams', { as: owner })).body.streams as { stream_id: number; can_remove_subscribers_group: unknown }[];
    expect(streams.find((x) => x.stream_id === c)?.can_remove_subscribers_group).toEqual({ direct_members: [owner.userId], direct_subgroups: [] });
  });

  it('issues API keys of its own shape, and does not tell its feature level', async () => {
    for (const account of Object.values(s.accounts)) expect(account.apiKey).toMatch(/^vk\.[0-9a-f]{60}$/);
    const settings = (await call(s, 'GET', '/server_settings')).body as Record<string, unknown>;
    expect(settings.zulip_version).toBe('reference');
    expect('zulip_feature_level' in settings).toBe(false);
  });

  it('numbers followed 2 and unmuted 3: a resolve notice stays unread for a user whose topic policy is 2', async () => {
    const { owner, member2 } = s.accounts;
    const c = await newChannel(s, owner, [owner.userId, member2.userId]);
    const unreadNotice = async (topic: string, policy: string) => {
      const id = await send(s, owner, c, topic);
      expectSuccess(await call(s, 'POST', '/user_topics', { as: member2, form: { stream_id: String(c), topic, visibility_policy: policy } }));
      expectSuccess(await call(s, 'PATCH', `/messages/${id}`, { as: owner, form: { topic: `✔ ${topic}`, propagate_mode: 'change_all' } }));
      const notice = (await fetchTopic(s, member2, c, `✔ ${topic}`)).at(-1)!;
      expect(notice.id).not.toBe(id);
      return !notice.flags.includes('read');
    };
    expect(await unreadNotice('followed here', '2')).toBe(true);
    expect(await unreadNotice('unmuted here', '3')).toBe(false);
  });
});
