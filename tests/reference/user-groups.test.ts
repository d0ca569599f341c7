// User groups: create, list, update (op 6), deactivate, members (op 7).
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

type Role = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest';

describe('reference server: user groups (ops 6, 7)', () => {
  const server = useServer();
  const as = (role: Role) => server().accounts[role];
  const create = async (role: Role, name: string, extra: Record<string, string> = {}) => {
    const answer = await call(server(), 'POST', '/user_groups/create', { as: as(role), form: { name, description: 'd', members: '[]', ...extra } });
    expectSuccess(answer);
    return answer.body.group_id as number;
  };
  const patch = (role: Role, id: number, form: Record<string, string>) => call(server(), 'PATCH', `/user_groups/${id}`, { as: as(role), form });
  const members = (role: Role, id: number, form: Record<string, string>) => call(server(), 'POST', `/user_groups/${id}/members`, { as: as(role), form });
  const group = async (id: number) => {
    const list = await call(server(), 'GET', '/user_groups', { as: as('owner'), query: { include_deactivated_groups: 'true' } });
    return list.body.user_groups.find((g: { id: number }) => g.id === id);
  };

  it('creates a group with the creator managing it; lists it with every field', async () => {
    const id = await create('member', 'g-one', { members: JSON.stringify([as('member2').userId]) });
    expect(await group(id)).toEqual({
      id,
      name: 'g-one',
      description: 'd',
      members: [as('member2').userId],
      direct_subgroup_ids: [],
      creator_id: as('member').userId,
      date_created: expect.any(Number),
      is_system_group: false,
      deactivated: false,
      can_add_members_group: { direct_members: [as('member').userId], direct_subgroups: [] },
      can_join_group: 8,
      can_leave_group: 2,
      can_manage_group: { direct_members: [as('member').userId], direct_subgroups: [] },
      can_mention_group: 2,
      can_remove_members_group: 8,
    });
    expect((await group(6)).members).toEqual([as('admin').userId]);
    expectError(
      await call(server(), 'POST', '/user_groups/create', { as: as('member'), form: { name: 'g-one', description: '', members: '[]' } }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await call(server(), 'POST', '/user_groups/create', { as: as('guest'), form: { name: 'g-guest', description: '', members: '[]' } }),
      400,
      'BAD_REQUEST',
    );
  });

  it('op 6: name, description, settings with their rules; who may update', async () => {
    const id = await create('member', 'g-two');
    expectSuccess(await patch('member', id, { name: 'g-two-b', description: 'new', can_mention_group: JSON.stringify({ new: 5 }) }));
    expect(await group(id)).toMatchObject({ name: 'g-two-b', description: 'new', can_mention_group: 5 });
    expectError(await patch('member', id, { can_manage_group: JSON.stringify({ new: 2 }) }), 400, 'BAD_REQUEST');
    expectError(await patch('member', id, { can_manage_group: JSON.stringify({ new: 1 }) }), 400, 'BAD_REQUEST');
    // Zulip accepts role:owners for can_mention_group since feature level 326 (the document refuses it).
    expectSuccess(await patch('member', id, { can_mention_group: JSON.stringify({ new: 7 }) }));
    expectError(
      await patch('member', id, { can_mention_group: JSON.stringify({ new: 6, old: 4 }) }),
      400,
      'EXPECTATION_MISMATCH',
      "'old' value does not match the expected value.",
    );
    expectError(await patch('member2', id, { description: 'not mine' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(await patch('guest', id, { description: 'x' }), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expectSuccess(await patch('owner', id, { description: 'owners manage all groups' }));
    expectError(await patch('member', 99999, { description: 'x' }), 400, 'BAD_REQUEST', 'Invalid user group');
    expectError(await patch('member', id, {}), 400, 'BAD_REQUEST', 'No new data supplied');
  });

  it('deactivation: in use refused with objections; deactivated groups unusable until reactivated', async () => {
    const used = await create('member', 'g-used');
    const user = await create('member', 'g-user', { can_mention_group: String(used) });
    const refused = await call(server(), 'POST', `/user_groups/${used}/deactivate`, { as: as('member') });
    expectError(refused, 400, 'CANNOT_DEACTIVATE_GROUP_IN_USE');
    expect(refused.body.objections).toEqual([{ type: 'user_group', group_id: user, settings: ['can_mention_group'] }]);
    const spare = await create('member', 'g-spare');
    const holder = await create('member', 'g-holder', { subgroups: JSON.stringify([spare]) });
    const held = await call(server(), 'POST', `/user_groups/${spare}/deactivate`, { as: as('member') });
    expectError(held, 400, 'CANNOT_DEACTIVATE_GROUP_IN_USE');
    expect(held.body.objections).toEqual([{ type: 'subgroup', supergroup_ids: [holder] }]);
    expectSuccess(await call(server(), 'POST', `/user_groups/${holder}/deactivate`, { as: as('member') }));
    expectSuccess(await call(server(), 'POST', `/user_groups/${spare}/deactivate`, { as: as('member') }));
    expectError(await call(server(), 'POST', `/user_groups/${spare}/deactivate`, { as: as('member') }), 400, 'BAD_REQUEST', 'User group is deactivated.');
    expectError(await patch('member', user, { can_mention_group: JSON.stringify({ new: spare }) }), 400, 'BAD_REQUEST');
    expectSuccess(await patch('member', spare, { can_mention_group: JSON.stringify({ new: 5 }) }));
    expectSuccess(await patch('member', spare, { deactivated: 'true' }));
    expect((await group(spare)).deactivated).toBe(true);
    expectSuccess(await patch('member', spare, { deactivated: 'false' }));
    expect((await group(spare)).deactivated).toBe(false);
    expectSuccess(await patch('member', user, { can_mention_group: JSON.stringify({ new: spare }) }));
  });

  it('op 7: add, delete, subgroups; deactivated users and repeats refused', async () => {
    const id = await create('member', 'g-members');
    const sub = await create('member', 'g-sub');
    const [m2, mod] = [as('member2').userId, as('moderator').userId];
    expectSuccess(await members('member', id, { add: JSON.stringify([m2, mod]), add_subgroups: JSON.stringify([sub]) }));
    expect(await group(id)).toMatchObject({ members: [mod, m2].sort((a, b) => a - b), direct_subgroup_ids: [sub] });
    expectError(await members('member', id, { add: JSON.stringify([m2]) }), 400, 'BAD_REQUEST', `User ${m2} is already a member of this group`);
    expectError(await members('member', id, { add: JSON.stringify([17]) }), 400, 'BAD_REQUEST', 'Invalid user ID: 17');
    expectError(await members('member', sub, { add_subgroups: JSON.stringify([id]) }), 400, 'BAD_REQUEST');
    expectSuccess(await members('member', id, { delete: JSON.stringify([mod]), delete_subgroups: JSON.stringify([sub]) }));
    expect(await group(id)).toMatchObject({ members: [m2], direct_subgroup_ids: [] });
    expectError(await members('member', id, { delete: JSON.stringify([mod]) }), 400, 'BAD_REQUEST');
    expectError(await members('member2', id, { add: JSON.stringify([mod]) }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(await members('guest', id, { add: JSON.stringify([mod]) }), 400, 'BAD_REQUEST');
    expectError(await members('member', id, {}), 400, 'BAD_REQUEST');
    expectError(await members('member', 6, { add: JSON.stringify([m2]) }), 400, 'BAD_REQUEST', 'Insufficient permission');
  });

  it("op 7: Zulip's order of checks, subgroup checks, and one transaction", async () => {
    const id = await create('member', 'g-order');
    const dead = await create('member', 'g-order-dead');
    expectSuccess(await call(server(), 'POST', `/user_groups/${dead}/deactivate`, { as: as('member') }));
    // add: the permission before the user IDs; delete: the user IDs before the permission.
    expectError(await members('member2', id, { add: JSON.stringify([99999]) }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(await members('member2', id, { delete: JSON.stringify([99999]) }), 400, 'BAD_REQUEST', 'Invalid user ID: 99999');
    expectError(await members('member', id, { add_subgroups: JSON.stringify([99999]) }), 400, 'BAD_REQUEST', 'Invalid user group ID: 99999');
    expectError(await members('member', id, { add_subgroups: JSON.stringify([dead]) }), 400, 'BAD_REQUEST', 'User group is deactivated.');
    // A later part refused: the earlier add is not kept.
    expectError(
      await members('member', id, { add: JSON.stringify([as('member2').userId]), delete: JSON.stringify([as('moderator').userId]) }),
      400,
      'BAD_REQUEST',
    );
    expect((await group(id)).members).toEqual([]);
  });

  it("renders group mentions; a deactivated group's is silent", async () => {
    const [quiet, loud] = [await create('member', 'g-quiet'), await create('member', 'g-loud')];
    expectSuccess(await call(server(), 'POST', `/user_groups/${quiet}/deactivate`, { as: as('member') }));
    const sent = await call(server(), 'POST', '/messages', {
      as: as('member'),
      form: { type: 'stream', to: '1', topic: 'groups', content: '@*g-quiet*, @*g-loud*, @_*g-loud* and @*nobody*' },
    });
    const content = (await call(server(), 'GET', `/messages/${sent.body.id}`, { as: as('member') })).body.message.content;
    expect(content).toBe(
      `<p><span class="user-group-mention silent" data-user-group-id="${quiet}">g-quiet</span>, <span class="user-group-mention" data-user-group-id="${loud}">@g-loud</span>, ` +
        `<span class="user-group-mention silent" data-user-group-id="${loud}">g-loud</span> and @*nobody*</p>`,
    );
  });

  it('the variant: new groups managed by nobody but the organisation, and role:owners refused for can_mention_group', async () => {
    const variant = await startReferenceServer({ flavor: 'variant' });
    try {
      const member = variant.accounts.member;
      const made = await call(variant, 'POST', '/user_groups/create', { as: member, form: { name: 'v-one', description: '', members: '[]' } });
      const plain = made.body.group_id as number;
      expectError(await call(variant, 'PATCH', `/user_groups/${plain}`, { as: member, form: { description: 'x' } }), 403, 'BAD_REQUEST');
      const mine = JSON.stringify({ direct_members: [member.userId], direct_subgroups: [] });
      const granted = (
        await call(variant, 'POST', '/user_groups/create', { as: member, form: { name: 'v-two', description: '', members: '[]', can_manage_group: mine } })
      ).body.group_id as number;
      expectSuccess(await call(variant, 'PATCH', `/user_groups/${granted}`, { as: member, form: { description: 'x' } }));
      const owners = (await call(variant, 'GET', '/user_groups', { as: member })).body.user_groups.find((g: { name: string }) => g.name === 'role:owners').id;
      expect(
        (await call(variant, 'PATCH', `/user_groups/${granted}`, { as: member, form: { can_mention_group: JSON.stringify({ new: owners }) } })).body.result,
      ).toBe('error');
    } finally {
      await variant.close();
    }
  });
});
