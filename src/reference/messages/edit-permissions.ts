// Op 1's permission checks (rules 4, 5, 9, 10): who may edit content, change topics, resolve
// and move, within which time limits, and who may use wildcard mentions. Zulip's messages.
import { channelById, isSubscribed } from '../realm/access.js';
import { ApiError, badRequest } from '../core/errors.js';
import { inSetting, nobody, sameSetting } from '../users/group-settings.js';
import { topicMessages } from './access.js';
import { mentionsChannelWildcard, mentionsTopicWildcard } from './render.js';
import type { Move } from './move.js';
import { ROLE, type Channel, type GroupSetting, type Message, type User } from '../realm/model.js';
import type { RealmSettings } from '../settings/organisation.js';
import type { Context } from '../core/router.js';

export const isModeratorOrAbove = (user: User) => user.role <= ROLE.moderator;
const age = (m: Message) => Math.floor(Date.now() / 1000) - m.timestamp;

/** Zulip's validate_user_can_edit_message: only the sender, while editing is on and in time. */
export function checkContentEdit(ctx: Context, message: Message, s: RealmSettings): void {
  const q = ctx.quirks;
  if (!s.allowMessageEditing && !q.has('edit-editing-disabled-ignored')) throw badRequest('Your organization has turned off message editing');
  if (message.senderId !== ctx.user.id && !q.has('edit-others-content-ok')) throw badRequest("You don't have permission to edit this message");
  const limit = s.messageContentEditLimitSeconds;
  if (limit !== null && age(message) > limit + ctx.realm.flavor.editLimitGraceSeconds && !q.has('edit-content-no-time-limit')) {
    throw badRequest('The time limit for editing this message has passed');
  }
}

/**
 * Rule 4 with a channel's own group: whether the user may, by the organisation's setting and the
 * channel's group as the flavor combines them (flavor.ts channelMovePermission).
 */
function mayMove(ctx: Context, organisation: GroupSetting, channel: Channel, channelGroupName: string): boolean {
  const { realm, user } = ctx;
  const own = channel.groupSettings[channelGroupName];
  if (realm.flavor.channelMovePermission === 'channel-first') {
    const namesAnyone = !sameSetting(realm, own, nobody(realm));
    return inSetting(realm, namesAnyone ? own : organisation, user);
  }
  return inSetting(realm, organisation, user) || inSetting(realm, own, user);
}

/** Rule 4 for topic changes and resolving (Zulip's can_resolve_topics / can_edit_topic), with the topic time limit. */
export function checkTopicChange(ctx: Context, move: Move, s: RealmSettings): void {
  const { realm, user, quirks: q } = ctx;
  if (move.resolved || move.unresolved) {
    // The channel's resolve group is Zulip's (the document's channel object has none).
    const may =
      realm.flavor.channelMovePermission === 'union'
        ? mayMove(ctx, s.canResolveTopicsGroup, move.from, 'can_resolve_topics_group')
        : inSetting(realm, s.canResolveTopicsGroup, user);
    if (!may && !q.has('edit-resolve-permission-ignored')) throw badRequest("You don't have permission to resolve topics in this channel.");
    return;
  }
  const may = mayMove(ctx, s.canMoveMessagesBetweenTopicsGroup, move.from, 'can_move_messages_within_channel_group');
  if (!may && !q.has('edit-member-moves-without-permission')) throw badRequest("You don't have permission to edit this message");
  const limit = s.moveMessagesWithinStreamLimitSeconds;
  if (
    limit !== null &&
    (!isModeratorOrAbove(user) || q.has('edit-time-limit-for-admins')) &&
    age(move.message) > limit + realm.flavor.editLimitGraceSeconds &&
    !q.has('edit-topic-no-time-limit')
  ) {
    throw badRequest("The time limit for editing this message's topic has passed.");
  }
}

/** Rules 9 and 10: wildcard mentions reaching many users need can_mention_many_users_group. */
export function checkWildcards(ctx: Context, message: Message, content: string, s: RealmSettings): void {
  if (message.channelId === null) return;
  const sender = ctx.realm.users.find((u) => u.id === message.senderId)!;
  if (inSetting(ctx.realm, s.canMentionManyUsersGroup, sender)) return;
  const channel = channelById(ctx.realm, message.channelId)!;
  const many = ctx.realm.flavor.wildcardMentionThreshold;
  const subscribers = ctx.realm.users.filter((u) => u.isActive && isSubscribed(u, channel)).length;
  if (mentionsChannelWildcard(content) && subscribers > many && !ctx.quirks.has('edit-wildcard-ok')) {
    throw new ApiError(400, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use channel wildcard mentions in this channel.');
  }
  const participants = new Set(topicMessages(ctx.realm, channel.id, message.topic).map((m) => m.senderId)).size;
  if (mentionsTopicWildcard(content) && participants > many && !ctx.quirks.has('edit-topic-wildcard-ok')) {
    throw new ApiError(400, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use topic wildcard mentions in this topic.');
  }
}

/** Rule 4 for channel moves, with the channel time limit. */
export function checkChannelMove(ctx: Context, move: Move, s: RealmSettings): void {
  const { user, quirks: q } = ctx;
  const may = mayMove(ctx, s.canMoveMessagesBetweenChannelsGroup, move.from, 'can_move_messages_out_of_channel_group');
  if (!may && !q.has('edit-channel-move-without-permission')) throw badRequest("You don't have permission to move this message");
  const limit = s.moveMessagesBetweenStreamsLimitSeconds;
  if (
    limit !== null &&
    (!isModeratorOrAbove(user) || q.has('edit-time-limit-for-admins')) &&
    age(move.message) > limit + ctx.realm.flavor.editLimitGraceSeconds &&
    !q.has('edit-topic-no-time-limit')
  ) {
    throw badRequest("The time limit for editing this message's channel has passed");
  }
}
