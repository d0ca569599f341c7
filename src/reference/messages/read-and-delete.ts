// Fixture operations around op 1 and op 15: GET /messages/{message_id} (one message, with its
// raw content) and DELETE /messages/{message_id} (who may: Zulip's organisation and channel
// delete permissions), which sends the delete_message event of a deletion.
import { channelById } from '../realm/access.js';
import { channelSetting } from '../channels/permission-settings.js';
import { badRequest } from '../core/errors.js';
import { inSetting } from '../users/group-settings.js';
import { accessMessage } from './access.js';
import { messageObject } from './message-object.js';
import { deleteMessages } from './delete-events.js';
import type { Message } from '../realm/model.js';
import { realmSettings } from '../settings/organisation.js';
import type { Context, Route } from '../core/router.js';

function getMessage(ctx: Context) {
  const markdown = ctx.params.bool('apply_markdown', true);
  const allowEmptyTopic = ctx.params.bool('allow_empty_topic_name', false);
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  return { raw_content: message.content, message: messageObject(ctx, message, markdown, allowEmptyTopic) };
}

/**
 * Zulip's validate_can_delete_message (fact zulip.channel.delete-message-permission): anyone's
 * message for the organisation's can_delete_any_message_group or the channel's; one's own (or
 * one's bot's) for the organisation's can_delete_own_message_group or, in a channel, the
 * channel's; within message_content_delete_limit_seconds unless allowed any message.
 */
function checkCanDelete(ctx: Context, message: Message): void {
  const { realm, user, quirks } = ctx;
  const s = realmSettings(realm);
  const channel = message.channelId === null ? undefined : channelById(realm, message.channelId);
  const inChannelGroup = (name: string, quirk: 'delete-any-ignores-channel-group' | 'delete-own-ignores-channel-group') =>
    channel !== undefined && !quirks.has(quirk) && inSetting(realm, channelSetting(channel, name), user);
  if (inSetting(realm, s.canDeleteAnyMessageGroup, user)) return;
  if (inChannelGroup('can_delete_any_message_group', 'delete-any-ignores-channel-group')) return;
  const refused = badRequest("You don't have permission to delete this message");
  const sender = realm.users.find((u) => u.id === message.senderId);
  if (message.senderId !== user.id && sender?.botOwnerId !== user.id) throw refused;
  if (!inSetting(realm, s.canDeleteOwnMessageGroup, user) && !inChannelGroup('can_delete_own_message_group', 'delete-own-ignores-channel-group')) throw refused;
  const limit = s.messageContentDeleteLimitSeconds;
  if (limit !== null && Date.now() / 1000 - message.timestamp > limit) throw badRequest('The time limit for deleting this message has passed');
}

function deleteMessage(ctx: Context) {
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  checkCanDelete(ctx, message);
  // Zulip's do_delete_messages: the users who could see it, and the actor, hear of it.
  deleteMessages(ctx.realm, ctx.quirks, [message], ctx.user.id);
  return {};
}

export const messageReadRoutes: Route[] = [
  { method: 'GET', path: '/messages/{message_id}', params: ['apply_markdown', 'allow_empty_topic_name'], handle: getMessage },
  { method: 'DELETE', path: '/messages/{message_id}', params: [], handle: deleteMessage },
];
