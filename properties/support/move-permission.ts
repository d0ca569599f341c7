// Who may move messages is the organisation's choice (op 1, rule 4), which the document does not
// fix; a channel's can_move_messages_within_channel_group and can_move_messages_out_of_channel_group
// say who may move messages within and out of it (Channel object). Properties that move messages
// put the accounts they call as in both, for their own run-scoped channels only.
import type { Role } from '../../src/common/vocabulary.js';
import type { PropertyApi } from '../../src/property/api.js';

export async function letMove(api: PropertyApi, channels: readonly number[], roles: readonly Role[]): Promise<void> {
  const members = { new: { direct_members: roles.map((r) => api.userIds[r]!), direct_subgroups: [] } };
  for (const channel of channels) {
    await api.ok('owner', 'PATCH', `/streams/${channel}`, {
      can_move_messages_within_channel_group: members,
      can_move_messages_out_of_channel_group: members,
    });
  }
}
