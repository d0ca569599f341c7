// Fixture operations around op 1 and op 15: GET /messages/{message_id} (one message, with its
// raw content) and DELETE /messages/{message_id} (senders their own, administrators any), which
// sends the delete_message event of a deletion.
import { isAdmin } from './access.js';
import { badRequest } from './errors.js';
import { accessMessage } from './message-access.js';
import { messageObject } from './message-object.js';
import { deleteMessages } from './message-delete-events.js';
import type { Context, Route } from './router.js';


function getMessage(ctx: Context) {
  const markdown = ctx.params.bool('apply_markdown', true);
  const allowEmptyTopic = ctx.params.bool('allow_empty_topic_name', false);
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  return { raw_content: message.content, message: messageObject(ctx, message, markdown, allowEmptyTopic) };
}

function deleteMessage(ctx: Context) {
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  if (!isAdmin(ctx.user) && message.senderId !== ctx.user.id) throw badRequest("You don't have permission to delete this message");
  // Zulip's do_delete_messages: the users who could see it, and the actor, hear of it.
  deleteMessages(ctx.realm, ctx.quirks, [message], ctx.user.id);
  return {};
}

export const messageReadRoutes: Route[] = [
  { method: 'GET', path: '/messages/{message_id}', params: ['apply_markdown', 'allow_empty_topic_name'], handle: getMessage },
  { method: 'DELETE', path: '/messages/{message_id}', params: [], handle: deleteMessage },
];
