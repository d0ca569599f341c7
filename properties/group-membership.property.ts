// User group membership behaves as a set: for any sequence of add, delete, add_subgroups and
// delete_subgroups on a group, the group read back through GET /user_groups (not shown in the
// document: zulip profile) matches a plain model, and a refused request changes nothing.
// The group and its two candidate subgroups are the member's, deactivated in teardown.
import fc from 'fast-check';
import { defineProperty } from '../src/property/define.js';
import { groupCommands, readGroup, SUBGROUPS, USERS, type GroupReal } from './models/group-membership.js';
import { runId } from './support/channels.js';

export const PROPERTY = defineProperty<Iterable<fc.AsyncCommand<never, never>>, GroupReal>({
  id: 'prop.op7.membership-is-a-set',
  endpoint: 'POST /user_groups/{user_group_id}/members',
  title: 'for any sequence of member and subgroup changes, the group holds exactly the members and subgroups a set model holds',
  clauses: [
    'op7.add',
    'op7.delete',
    'op7.add-subgroups',
    'op7.delete-subgroups',
    'op7.add.effect',
    'op7.delete.effect',
    'op7.add-subgroups.effect',
    'op7.delete-subgroups.effect',
    'op7.membership-rules',
  ],
  facts: ['zulip.group-members.no-duplicates', 'zulip.groups.read-back'],
  profile: 'zulip',
  roles: ['member', ...USERS],
  // Feature levels (facts zulip.level.<N>): add_subgroups and delete_subgroups (311), the setup's group_id answer (317).
  since: 317,
  runs: 8,
  anyMembers: true,
  requestsPerRun: 7,
  async setup(api) {
    const make = async (label: string) =>
      (
        await api.ok('member', 'POST', '/user_groups/create', {
          name: `cf ${runId(api)} prop ${label}`,
          description: '',
          members: [],
        })
      ).group_id as number;
    const subgroupIds: Record<string, number> = {};
    for (const s of SUBGROUPS) subgroupIds[s] = await make(`group ${s}`);
    const userIds = Object.fromEntries(USERS.map((r) => [r, api.userIds[r]!]));
    return { api, group: await make('group'), userIds, subgroupIds };
  },
  async teardown(api, real) {
    if (!real) return;
    // Zulip refuses to deactivate a group that is still some group's subgroup: detach them first.
    const now = await readGroup(real).catch(() => undefined);
    const attached = [...(now?.subgroups ?? [])].map((n) => real.subgroupIds[n]).filter((id) => id !== undefined);
    if (attached.length) await api.call('member', 'POST', `/user_groups/${real.group}/members`, { delete_subgroups: attached });
    for (const id of [real.group, ...Object.values(real.subgroupIds)]) await api.call('member', 'POST', `/user_groups/${id}/deactivate`);
  },
  arbitrary: () => groupCommands,
  async check(_api, commands, real) {
    // Each run starts from the group as it stands after the previous runs.
    await fc.asyncModelRun(async () => ({ model: await readGroup(real), real }), commands as never);
  },
});
