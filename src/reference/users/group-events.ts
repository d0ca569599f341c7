// The user_group events of operations 6 and 7 (and of group creation and deactivation), as
// Zulip's zerver/actions/user_groups.py sends them (facts zulip.events.user-group.*): every one
// goes to every active user of the organisation; Tornado's accepts_event withholds some from
// queues by their include_deactivated_groups capability.
import { capability, sendEvent } from '../events/queue.js';
import type { EventQueue, GroupSetting, Realm, UserGroup } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';

export const activeUserIds = (realm: Realm): number[] => realm.users.filter((u) => u.isActive).map((u) => u.id);

const deactivatedAware = (queue: EventQueue) => capability(queue, 'include_deactivated_groups');

/** A setting value as the event carries it. */
const copy = (value: GroupSetting): GroupSetting =>
  typeof value === 'number' ? value : { direct_members: [...value.direct_members], direct_subgroups: [...value.direct_subgroups] };

export class GroupEvents {
  constructor(
    private readonly realm: Realm,
    private readonly quirks: Quirks,
    private readonly actorId: number,
  ) {}

  private get everyone(): number[] {
    return this.quirks.has('group-event-actor-only') ? [this.actorId] : activeUserIds(this.realm);
  }

  /**
   * {type: user_group, op: update, group_id, data} with one item. A rename of a deactivated group
   * reaches only queues that keep deactivated groups (process_user_group_name_update_event); a
   * deactivated item only those queues too, the others get add or remove instead (accepts_event).
   */
  update(group: UserGroup, data: Record<string, unknown>): void {
    const aware = ('name' in data && group.deactivated) || 'deactivated' in data;
    const accept = aware && !this.quirks.has('group-reactivation-ignores-capability') ? deactivatedAware : undefined;
    // The fault 'group-update-whole-data': every item of the group, not the one that changed.
    const sent = this.quirks.has('group-update-whole-data') ? { name: group.name, description: group.description, ...data } : data;
    sendEvent(this.realm, this.everyone, { type: 'user_group', op: 'update', group_id: group.id, data: copyData(sent) }, accept);
  }

  /** do_send_create_user_group_event: the whole group (for a reactivation, to the queues that had dropped it). */
  add(group: Record<string, unknown>, reactivation = false): void {
    sendEvent(this.realm, this.everyone, { type: 'user_group', op: 'add', group }, reactivation ? (queue) => !deactivatedAware(queue) : undefined);
  }

  /** do_deactivate_user_group: deactivated true for the queues that keep deactivated groups, remove for the others. */
  deactivated(group: UserGroup): void {
    this.update(group, { deactivated: true });
    sendEvent(this.realm, this.everyone, { type: 'user_group', op: 'remove', group_id: group.id }, (queue) => !deactivatedAware(queue));
  }

  members(op: 'add_members' | 'remove_members', group: UserGroup, userIds: number[]): void {
    const to = this.quirks.has('group-members-event-members-only') ? [...group.members, ...userIds] : this.everyone;
    sendEvent(this.realm, to, { type: 'user_group', op, group_id: group.id, user_ids: [...userIds] });
  }

  subgroups(op: 'add_subgroups' | 'remove_subgroups', group: UserGroup, subgroupIds: number[]): void {
    const to = this.quirks.has('group-members-event-members-only') ? [...group.members] : this.everyone;
    sendEvent(this.realm, to, { type: 'user_group', op, group_id: group.id, direct_subgroup_ids: [...subgroupIds] });
  }
}

function copyData(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'object' && v !== null ? copy(v as GroupSetting) : v]));
}
