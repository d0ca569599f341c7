// For any can_mention_group parameter, PATCH /user_groups/{id} accepts a well-formed update
// object {new, old?} whose new value is a usable group-setting value (a system group other than
// role:internet and role:owners, or an anonymous group), and refuses the rest: malformed
// parameters with BAD_REQUEST, the two refused system groups with an error; under the zulip
// profile also an `old` that is not the current value. The group is the member's own,
// deactivated in teardown; the property tracks its current value to send a matching `old`.
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import { settingUpdate, type GroupIds, type GroupSettingValue, type SettingUpdate } from './arbitraries/group-setting.js';
import { runId } from './support/channels.js';

const REFUSED = ['role:internet', 'role:owners'];

interface State extends GroupIds {
  group: number;
  /** The group's can_mention_group when known as a plain ID (an anonymous value may be normalised). */
  current: number | undefined;
}

export const PROPERTY = defineProperty<SettingUpdate, State>({
  id: 'prop.op6.group-setting-updates',
  endpoint: 'PATCH /user_groups/{user_group_id}',
  title: 'can_mention_group is changed exactly by a well-formed update object with a usable value',
  clauses: ['op6.update-objects', 'op6.can-mention-group', 'res.group-setting-update', 'res.group-setting-value', 'res.group-setting.system-groups'],
  facts: ['zulip.groups.internet-refused', 'zulip.groups.old-mismatch', 'zulip.groups.owners-allowed', 'zulip.groups.update-object-format'],
  roles: ['member', 'member2', 'moderator'],
  runs: 16,
  async setup(api) {
    const group = (await api.ok('member', 'POST', '/user_groups/create', { name: `cf ${runId(api)} prop group-setting`, description: '', members: [] })).group_id as number;
    const listed = (await api.ok('member', 'GET', '/user_groups')).user_groups as Record<string, unknown>[];
    const allowed: Record<string, number> = {};
    const refused: Record<string, number> = {};
    for (const g of listed) {
      if (!g.is_system_group || typeof g.name !== 'string') continue;
      (REFUSED.includes(g.name) ? refused : allowed)[g.name] = g.id as number;
    }
    const mine = listed.find((g) => g.id === group)?.can_mention_group;
    const users = [api.userIds.member!, api.userIds.member2!, api.userIds.moderator!];
    return { group, allowed, refused, users, current: typeof mine === 'number' ? mine : undefined };
  },
  async teardown(api, state) {
    if (state) await api.call('member', 'POST', `/user_groups/${state.group}/deactivate`);
  },
  arbitrary: (state) => settingUpdate(state),
  async check(api, update, state) {
    let raw: string;
    if (update.kind === 'valid') {
      const old = update.withOld && state.current !== undefined ? { old: state.current } : {};
      raw = JSON.stringify({ new: update.value, ...old });
    } else if (update.kind === 'old-mismatch') {
      // What a mismatched `old` does is not shown in the document: zulip profile only.
      if (api.profile !== 'zulip' || state.current === undefined || update.old === state.current) return;
      raw = JSON.stringify({ new: update.value, old: update.old });
    } else if (update.kind === 'refused') {
      raw = JSON.stringify({ new: state.refused[update.group] });
    } else {
      raw = update.raw;
    }
    const { body, request } = await api.call('member', 'PATCH', `/user_groups/${state.group}`, { can_mention_group: raw });
    if (update.kind === 'valid') {
      violated(body.result === 'success', () => `can_mention_group=${raw} is well-formed: expected success, got ${outcome(body)} (${request})`);
      state.current = plainId(update.value);
    } else if (update.kind === 'malformed') {
      violated(body.result === 'error' && body.code === 'BAD_REQUEST', () => `can_mention_group=${raw} is malformed: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`);
    } else {
      const why = update.kind === 'refused' ? `names ${update.group}` : `has an old value that is not the current ${state.current} [zulip profile]`;
      violated(body.result === 'error', () => `can_mention_group=${raw} ${why}: expected an error, got ${show(body.result)} (${request})`);
    }
  },
});

function plainId(value: GroupSettingValue): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
