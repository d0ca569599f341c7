// Who may add and remove others' subscriptions, delete messages and read a protected history,
// as the organisation's and the channel's permission settings allow (Zulip's rules; the facts
// zulip.channel.add-subscribers-permission, remove-subscribers-permission and
// delete-message-permission), the in:home narrow, and the seed's old protected-history topic.
import { describe, expect, it } from 'vitest';
import { FLAVORS } from '../../src/reference/realm/flavor.js';
import { createSeededRealm } from '../../src/reference/seed.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

type Who = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest';
const GENERAL = 1;
const CORE_TEAM = 3;

describe('reference server: channel permissions through Zulip endpoints', () => {
  const server = useServer();
  const as = (who: Who) => server().accounts[who];
  const only = (...who: Who[]) => JSON.stringify({ new: { direct_members: who.map((w) => as(w).userId), direct_subgroups: [] } });
  const patchStream = (id: number, form: Record<string, string>, who: Who = 'owner') => call(server(), 'PATCH', `/streams/${id}`, { as: as(who), form });
  const setRealm = (form: Record<string, string>) => call(server(), 'PATCH', '/realm', { as: as('owner'), form });
  const subscribe = (who: Who, channel: string, principals: Who[]) =>
    call(server(), 'POST', '/users/me/subscriptions', {
      as: as(who),
      form: { subscriptions: JSON.stringify([{ name: channel }]), principals: JSON.stringify(principals.map((p) => as(p).userId)) },
    });
  const unsubscribe = (who: Who, channel: string, principals: Who[]) =>
    call(server(), 'DELETE', '/users/me/subscriptions', {
      as: as(who),
      form: { subscriptions: JSON.stringify([channel]), principals: JSON.stringify(principals.map((p) => as(p).userId)) },
    });
  const newChannel = async (name: string, extra: Record<string, string> = {}) => {
    expectSuccess(await call(server(), 'POST', '/users/me/subscriptions', { as: as('owner'), form: { subscriptions: JSON.stringify([{ name }]), ...extra } }));
    return (await call(server(), 'GET', '/get_stream_id', { as: as('owner'), query: { stream: name } })).body.stream_id as number;
  };
  const send = async (who: Who, channel: number, topic = 't') =>
    (await call(server(), 'POST', '/messages', { as: as(who), form: { type: 'stream', to: String(channel), topic, content: 'x' } })).body.id as number;
  const remove = (who: Who, id: number) => call(server(), 'DELETE', `/messages/${id}`, { as: as(who) });

  it('adding others: the organisation setting, or the channel setting where the organisation refuses', async () => {
    const c = await newChannel('perm add', { principals: JSON.stringify([as('owner').userId, as('member').userId, as('member2').userId]) });
    expectSuccess(await subscribe('member', 'perm add', ['moderator'])); // the organisation lets members by default
    expectSuccess(await setRealm({ can_add_subscribers_group: only('admin') }));
    expectSuccess(await patchStream(c, { can_add_subscribers_group: only('member') }));
    expectSuccess(await subscribe('member', 'perm add', ['guest']));
    expectError(await subscribe('member2', 'perm add', ['admin']), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(await subscribe('member2', 'perm add', ['member2'])); // oneself needs no permission
    expectSuccess(await setRealm({ can_add_subscribers_group: JSON.stringify({ new: 3 }) }));
  });

  it('can_add_subscribers_group gives a non-subscriber access to a private channel: to add others, and to read it', async () => {
    const c = await newChannel('perm private', { invite_only: 'true', history_public_to_subscribers: 'true' });
    const m = await send('owner', c);
    expectError(await subscribe('member', 'perm private', ['member2']), 400, 'BAD_REQUEST', 'Unable to access channel (perm private).');
    expectSuccess(await patchStream(c, { can_add_subscribers_group: only('member') }));
    expectSuccess(await subscribe('member', 'perm private', ['member2']));
    expectSuccess(await call(server(), 'GET', `/messages/${m}`, { as: as('member') }));
    expectError(await subscribe('guest', 'perm private', ['member2']), 400, 'BAD_REQUEST');
  });

  it("removing others: administrators, the channel's administrators, its can_remove_subscribers_group", async () => {
    const c = await newChannel('perm remove', { principals: JSON.stringify(['owner', 'member', 'member2', 'moderator'].map((w) => as(w as Who).userId)) });
    expectError(await unsubscribe('member', 'perm remove', ['moderator']), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(await patchStream(c, { can_remove_subscribers_group: only('member') }));
    expectSuccess(await unsubscribe('member', 'perm remove', ['moderator']));
    expectError(await unsubscribe('member2', 'perm remove', ['member']), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(await unsubscribe('member2', 'perm remove', ['member2']));
    expectSuccess(await unsubscribe('admin', 'perm remove', ['member']));
  });

  it("deleting: anyone's for can_delete_any_message_group (organisation or channel), one's own for can_delete_own_message_group", async () => {
    const c = await newChannel('perm delete', { principals: JSON.stringify(['owner', 'member', 'member2'].map((w) => as(w as Who).userId)) });
    expectError(await remove('member', await send('member2', c)), 400, 'BAD_REQUEST', "You don't have permission to delete this message");
    expectSuccess(await remove('admin', await send('member2', c)));
    expectSuccess(await remove('member', await send('member', c))); // the organisation lets everyone delete their own by default
    expectSuccess(await patchStream(c, { can_delete_any_message_group: only('member') }));
    expectSuccess(await remove('member', await send('member2', c)));
    expectSuccess(await setRealm({ can_delete_own_message_group: only('admin') }));
    expectError(await remove('member2', await send('member2', c)), 400, 'BAD_REQUEST');
    expectSuccess(await patchStream(c, { can_delete_own_message_group: only('member2') }));
    expectSuccess(await remove('member2', await send('member2', c)));
    expectSuccess(await setRealm({ can_delete_own_message_group: JSON.stringify({ new: 2 }) }));
  });

  it('enable_spectator_access is changed by PATCH /realm, shown by POST /register, and gates is_web_public', async () => {
    expectSuccess(await setRealm({ enable_spectator_access: 'false' }));
    expect((await call(server(), 'POST', '/register', { as: as('member') })).body.realm_enable_spectator_access).toBe(false);
    expectError(await patchStream(GENERAL, { is_web_public: 'true' }), 400, 'BAD_REQUEST', 'Web-public channels are not enabled.');
    expectSuccess(await setRealm({ enable_spectator_access: 'true' }));
  });

  it('in:home leaves out muted topics; unmuted and followed ones stay, like topics without a policy', async () => {
    const ids = {} as Record<number, number>;
    for (const policy of [0, 1, 2, 3]) {
      ids[policy] = await send('member', GENERAL, `home ${policy}`);
      expectSuccess(
        await call(server(), 'POST', '/user_topics', {
          as: as('member'),
          form: { stream_id: String(GENERAL), topic: `home ${policy}`, visibility_policy: String(policy) },
        }),
      );
    }
    const home = async (narrow: object[]) =>
      (
        await call(server(), 'GET', '/messages', {
          as: as('member'),
          query: { anchor: 'newest', num_before: '100', num_after: '0', narrow: JSON.stringify(narrow) },
        })
      ).body.messages.map((m: { id: number }) => m.id);
    const shown = await home([
      { operator: 'channel', operand: GENERAL },
      { operator: 'in', operand: 'home' },
    ]);
    expect([0, 1, 2, 3].filter((p) => shown.includes(ids[p]))).toEqual([0, 2, 3]);
    expect(await home([{ operator: 'in', operand: 'all' }])).toContain(ids[1]);
    expectError(
      await call(server(), 'GET', '/messages', {
        as: as('member'),
        query: { anchor: 'newest', num_before: '1', num_after: '0', narrow: '[{"operator":"in","operand":"away"}]' },
      }),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('reference server: the old protected-history topic of the seed (op 1 rule 8)', () => {
  const server = useServer();
  const as = (who: Who) => server().accounts[who];
  const oldPlans = async (who: Who) =>
    (
      await call(server(), 'GET', '/messages', {
        as: as(who),
        query: {
          anchor: 'oldest',
          num_before: '0',
          num_after: '10',
          narrow: JSON.stringify([
            { operator: 'channel', operand: CORE_TEAM },
            { operator: 'topic', operand: 'old plans' },
          ]),
        },
      })
    ).body.messages.map((m: { id: number }) => m.id);

  it('a former subscriber keeps no access; subscribed again, the member reads only the messages it holds', async () => {
    const s = server();
    expect(await oldPlans('owner')).toEqual([25, 26, 27, 28]);
    expect(await oldPlans('member')).toEqual([]);
    await call(s, 'POST', '/users/me/subscriptions', {
      as: as('owner'),
      form: { subscriptions: '[{"name":"core team"}]', principals: `[${as('member').userId}]` },
    });
    expect(await oldPlans('member')).toEqual([27, 28]);
  });

  it('ids handed out after the seed are above every seeded one, in both flavors', () => {
    for (const flavor of Object.values(FLAVORS)) {
      const realm = createSeededRealm(flavor);
      const highest = Math.max(...realm.messages.map((m) => m.id));
      expect(flavor.id('message', realm.issued.message)).toBeGreaterThan(highest);
    }
  });
});
