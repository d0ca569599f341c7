// User groups: create, list, update (op 6), deactivate, members (op 7).
import { describe, expect, it } from 'vitest';
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
      id, name: 'g-one', description: 'd', members: [as('member2').userId], direct_subgroup_ids: [], creator_id: as('member').userId,
      date_created: expect.any(Number), is_system_group: false, deactivated: false,
      can_add_members_group: { direct_members: [as('member').userId], direct_subgroups: [] }, can_join_group: 8, can_leave_group: 2,
      can_manage_group: { direct_members: [as('member').userId], direct_subgroups: [] }, can_mention_group: 2, can_remove_members_group: 8,
    });
    expect((await group(6)).members).toEqual([as('admin').userId]);
    expectError(await call(server(), 'POST', '/user_groups/create', { as: as('member'), form: { name: 'g-one', description: '', members: '[]' } }), 400, 'BAD_REQUEST');
    expectError(await call(server(), 'POST', '/user_groups/create', { as: as('guest'), form: { name: 'g-guest', description: '', members: '[]' } }), 400, 'BAD_REQUEST');
  });

  it('op 6: name, description, settings with their rules; who may update', async () => {
    const id = await create('member', 'g-two');
    expectSuccess(await patch('member', id, { name: 'g-two-b', description: 'new', can_mention_group: JSON.stringify({ new: 5 }) }));
    expect(await group(id)).toMatchObject({ name: 'g-two-b', description: 'new', can_mention_group: 5 });
    expectError(await patch('member', id, { can_manage_group: JSON.stringify({ new: 2 }) }), 400, 'BAD_REQUEST');
    expectError(await patch('member', id, { can_manage_group: JSON.stringify({ new: 1 }) }), 400, 'BAD_REQUEST');
    expectError(await patch('member', id, { can_mention_group: JSON.stringify({ new: 7 }) }), 400, 'BAD_REQUEST');
    expectError(await patch('member', id, { can_mention_group: JSON.stringify({ new: 6, old: 4 }) }), 400, 'EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
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
    expectSuccess(await call(server(), 'POST', `/user_groups/${spare}/deactivate`, { as: as('member') }));
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
});
