// For any can_mention_group parameter, PATCH /user_groups/{id} accepts a well-formed update
// object {new, old?} whose new value is a usable group-setting value (a system group other than
// role:internet, or an anonymous group), and refuses the rest: malformed parameters with
// BAD_REQUEST, role:internet with an error; under the zulip profile also an `old` that is not the
// current value. role:owners is disputed (the document refuses it, Zulip accepts it since feature
// level 326): under spec it is left out, under zulip it is a usable value. The group is the
// member's own (can_manage_group names the member, granted at creation), deactivated in teardown;
// the property tracks its current value to send a matching `old`.
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import { settingUpdate, type GroupIds, type GroupSettingValue, type SettingUpdate } from './arbitraries/group-setting.js';
import { runId } from './support/channels.js';

/** System groups can_mention_group refuses under both profiles. */
const REFUSED = ['role:internet'];
/** Disputed (op6.can-mention-group.no-owners): under spec neither asserted accepted nor refused. */
const DISPUTED = ['role:owners'];

interface State extends GroupIds {
  group: number;
  /** The group's can_mention_group when known as a plain ID (an anonymous value may be normalised). */
  current: number | undefined;
}

export const PROPERTY = defineProperty<SettingUpdate, State>({
  id: 'prop.op6.group-setting-updates',
  endpoint: 'PATCH /user_groups/{user_group_id}',
  title: 'can_mention_group is changed exactly by a well-formed update object with a usable value',
  clauses: [
    'op6.can-mention-group',
    'op6.can-mention-group.no-internet',
    'res.group-setting-update',
    'res.group-setting-value',
    'res.group-setting-update.old-mismatch',
  ],
  facts: ['zulip.groups.internet-refused', 'zulip.groups.old-mismatch', 'zulip.groups.owners-allowed', 'zulip.groups.update-object-format'],
  roles: ['member', 'member2', 'moderator'],
  // Feature levels (facts zulip.level.<N>): can_mention_group update objects (260), the setup's group_id answer (317).
  since: 317,
  runs: 16,
  anyMembers: true,
  requestsPerRun: 1,
  async setup(api) {
    const mine = { direct_members: [api.userIds.member!], direct_subgroups: [] };
    const group = (
      await api.ok('member', 'POST', '/user_groups/create', {
        name: `cf ${runId(api)} prop group-setting`,
        description: '',
        members: [],
        can_manage_group: mine,
      })
    ).group_id as number;
    const listed = (await api.ok('member', 'GET', '/user_groups')).user_groups as Record<string, unknown>[];
    const allowed: Record<string, number> = {};
    const refused: Record<string, number> = {};
    for (const g of listed) {
      if (!g.is_system_group || typeof g.name !== 'string') continue;
      if (REFUSED.includes(g.name)) refused[g.name] = g.id as number;
      else if (!DISPUTED.includes(g.name) || api.profile === 'zulip') allowed[g.name] = g.id as number;
    }
    const current = listed.find((g) => g.id === group)?.can_mention_group;
    const users = [api.userIds.member!, api.userIds.member2!, api.userIds.moderator!];
    return { group, allowed, refused, users, current: typeof current === 'number' ? current : undefined };
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
      if (api.profile !== 'zulip') return;
      if (state.current === undefined) {
        // The current value is an anonymous group (maybe normalised): make it a known ID first.
        const known = await api.call('member', 'PATCH', `/user_groups/${state.group}`, { can_mention_group: JSON.stringify({ new: update.value }) });
        violated(
          known.body.result === 'success',
          () => `can_mention_group={"new":${update.value}} is well-formed: expected success, got ${outcome(known.body)} (${known.request})`,
          { clause: 'op6.can-mention-group', answer: known },
        );
        state.current = update.value;
      }
      const mismatched = update.old !== state.current ? update.old : Object.values(state.allowed).find((id) => id !== state.current);
      raw = JSON.stringify({ new: update.value, old: mismatched });
    } else if (update.kind === 'refused') {
      raw = JSON.stringify({ new: state.refused[update.group] });
    } else {
      raw = update.raw;
    }
    const answer = await api.call('member', 'PATCH', `/user_groups/${state.group}`, { can_mention_group: raw });
    const { body, request } = answer;
    if (update.kind === 'valid') {
      violated(body.result === 'success', () => `can_mention_group=${raw} is well-formed: expected success, got ${outcome(body)} (${request})`, {
        clause: 'op6.can-mention-group',
        answer,
      });
      state.current = plainId(update.value);
    } else if (update.kind === 'malformed') {
      violated(
        body.result === 'error' && body.code === 'BAD_REQUEST',
        () => `can_mention_group=${raw} is malformed: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`,
        { clause: 'res.group-setting-update', answer },
      );
    } else if (update.kind === 'refused') {
      violated(body.result === 'error', () => `can_mention_group=${raw} names ${update.group}: expected an error, got ${show(body.result)} (${request})`, {
        clause: 'op6.can-mention-group.no-internet',
        answer,
      });
    } else {
      violated(
        body.result === 'error',
        () =>
          `can_mention_group=${raw} has an old value that is not the current ${state.current} [zulip profile]: expected an error, got ${show(body.result)} (${request})`,
        { clause: 'res.group-setting-update.old-mismatch', answer, zulip: true },
      );
    }
  },
});

function plainId(value: GroupSettingValue): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
