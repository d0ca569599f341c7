// The `message` event of a new message (zerver/actions/message_send.py do_send_messages; fact
// zulip.events.message.send): to the sender and every user who holds the message, with the
// message as that queue asked for it (rendered or raw, the empty topic by its display name unless
// the queue declared empty_topic_name) and the receiver's flags beside it.
import { capability, sendEvent } from '../events/queue.js';
import { messageFlags, messageView } from './message-object.js';
import type { Message, Realm } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';

export function sendMessageEvent(realm: Realm, quirks: Quirks, m: Message): void {
  if (quirks.has('message-no-event')) return;
  sendEvent(
    realm,
    quirks.has('message-event-sender-only') ? [m.senderId] : m.holders,
    { type: 'message' },
    () => true,
    (queue) => {
      const receiver = realm.users.find((u) => u.id === queue.userId);
      return {
        message: messageView(realm, quirks, m, queue.applyMarkdown, capability(queue, 'empty_topic_name')),
        flags: receiver ? messageFlags(receiver, m) : [],
      };
    },
  );
}
