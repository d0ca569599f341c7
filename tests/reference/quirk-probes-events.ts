// Probes of the event quirks: what a queue receives with and without each.
import type { ReferenceAccount, ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';
import { events, openQueue } from './event-helpers.js';
import { join, newChannel, send } from './topic-helpers.js';
import type { QuirkProbe } from './quirk-probe.js';

type Who = Pick<ReferenceAccount, 'email' | 'apiKey'>;
let counter = 0;
const fresh = (label: string) => `probe ${label} ${(counter += 1)}`;
const GENERAL = 1;

/** Opens a queue of `who`, runs `act`, and returns what the queue received. */
async function received(
  s: ReferenceServer,
  who: Who,
  types: string[],
  act: () => Promise<unknown>,
  capabilities: Record<string, boolean> = {},
): Promise<any[]> {
  const q = await openQueue(s, who, capabilities, types);
  await act();
  return events(s, who, q);
}
const typesOf = async (p: Promise<any[]>) => (await p).map((e) => e.type);
const edit = (s: ReferenceServer, who: Who, id: number, form: Record<string, string>) => call(s, 'PATCH', `/messages/${id}`, { as: who, form });
const deleteTopic = (s: ReferenceServer, who: Who, channel: number, topic: string) =>
  call(s, 'POST', `/streams/${channel}/delete_topic`, { as: who, form: { topic_name: topic } });
const markRead = (s: ReferenceServer, who: Who, channel: number, topic: string) =>
  call(s, 'POST', '/mark_topic_as_read', { as: who, form: { stream_id: String(channel), topic_name: topic } });
const follow = (s: ReferenceServer, who: Who, channel: number, topic: string) =>
  call(s, 'POST', '/user_topics', { as: who, form: { stream_id: String(channel), topic, visibility_policy: '3' } });

/** A direct message from the member to member2: the types member2's queue receives. */
async function messageEventTypes(s: ReferenceServer): Promise<string[]> {
  const { member, member2 } = s.accounts;
  return typesOf(
    received(s, member2, ['message'], () =>
      call(s, 'POST', '/messages', { as: member, form: { type: 'direct', to: JSON.stringify([member2.userId]), content: 'hi' } }),
    ),
  );
}

/** The member edits its message in general: the update_message events member2 (a holder) gets. */
async function contentEdit(s: ReferenceServer): Promise<any[]> {
  const { member, member2 } = s.accounts;
  const id = await send(s, member, GENERAL, fresh('edit'));
  return received(s, member2, ['update_message'], () => edit(s, member, id, { content: 'changed' }));
}

/** The same edit seen by the guest, who is not subscribed to general. */
async function guestSeesEdit(s: ReferenceServer): Promise<string[]> {
  const { member, guest } = s.accounts;
  const id = await send(s, member, GENERAL, fresh('edit'));
  return typesOf(received(s, guest, ['update_message'], () => edit(s, member, id, { content: 'changed' })));
}

/** member2 subscribes after the message was sent, so holds no copy: the flags of its event. */
async function lateSubscriberFlags(s: ReferenceServer): Promise<unknown[]> {
  const { owner, member2 } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId]);
  const id = await send(s, owner, c, 'late');
  await join(s, c, member2.userId);
  return (await received(s, member2, ['update_message'], () => edit(s, owner, id, { content: 'changed' }))).map((e) => e.flags);
}

/** A change_all move of a topic of two messages: the message_ids of the event. */
async function movedIds(s: ReferenceServer): Promise<number> {
  const { member, member2 } = s.accounts;
  const topic = fresh('move');
  const id = await send(s, member, GENERAL, topic);
  await send(s, member2, GENERAL, topic);
  const got = await received(s, member2, ['update_message'], () =>
    edit(s, member, id, { topic: `${topic} moved`, propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }),
  );
  return got[0].message_ids.length;
}

/** The owner moves a message of general to a private channel member2 is not in: what member2 gets. */
async function loserEvents(s: ReferenceServer): Promise<string[]> {
  const { owner, member2 } = s.accounts;
  const secret = await newChannel(s, owner, [owner.userId], { invite_only: 'true' });
  const id = await send(s, owner, GENERAL, fresh('secret'));
  return typesOf(
    received(s, member2, ['update_message', 'delete_message'], () =>
      edit(s, owner, id, { stream_id: String(secret), send_notification_to_new_thread: 'false' }),
    ),
  );
}

/** member2 follows a topic the member then moves whole: what member2's queue gets, in order. */
async function migration(s: ReferenceServer, types: string[]): Promise<string[]> {
  const { member, member2 } = s.accounts;
  const topic = fresh('followed');
  const id = await send(s, member, GENERAL, topic);
  await follow(s, member2, GENERAL, topic);
  return typesOf(received(s, member2, types, () => edit(s, member, id, { topic: `${topic} moved`, propagate_mode: 'change_all' })));
}

/** The owner resolves and at once unresolves a topic: the delete_message events member2 gets. */
async function resolveUndo(s: ReferenceServer): Promise<string[]> {
  const { owner, member2 } = s.accounts;
  const topic = fresh('resolve');
  const id = await send(s, owner, GENERAL, topic);
  await edit(s, owner, id, { topic: `✔ ${topic}`, propagate_mode: 'change_all' });
  return typesOf(received(s, member2, ['delete_message'], () => edit(s, owner, id, { topic, propagate_mode: 'change_all' })));
}

/** Direct typing from the member to member2: what the member's own queue gets. */
async function senderTyping(s: ReferenceServer): Promise<string[]> {
  const { member, member2 } = s.accounts;
  return typesOf(
    received(s, member, ['typing'], () => call(s, 'POST', '/typing', { as: member, form: { op: 'start', to: JSON.stringify([member2.userId]) } })),
  );
}

/** The admin deletes a topic of general: the delete_message events member2 (a holder) gets. */
async function topicDeletion(s: ReferenceServer, topic = fresh('doomed')): Promise<any[]> {
  const { member, member2, admin } = s.accounts;
  await send(s, member, GENERAL, topic);
  return received(s, member2, ['delete_message'], () => deleteTopic(s, admin, GENERAL, topic), { bulk_message_deletion: true });
}

/** The admin deletes a topic of general: what the guest, who is not subscribed, gets. */
async function guestSeesDeletion(s: ReferenceServer): Promise<string[]> {
  const { member, guest, admin } = s.accounts;
  const topic = fresh('doomed');
  await send(s, member, GENERAL, topic);
  return typesOf(received(s, guest, ['delete_message'], () => deleteTopic(s, admin, GENERAL, topic)));
}

/** A channel of the owner and member2 with two topics; the owner deletes the first: member2's events. */
async function firstMessageDeletion(s: ReferenceServer): Promise<{ types: string[]; valueIsDeleted: boolean }> {
  const { owner, member2 } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId, member2.userId]);
  const first = await send(s, owner, c, 'first');
  await send(s, owner, c, 'second');
  const got = await received(s, member2, ['stream', 'delete_message'], () => deleteTopic(s, owner, c, 'first'), { bulk_message_deletion: true });
  return { types: got.map((e) => e.type), valueIsDeleted: got.some((e) => e.type === 'stream' && e.value === first) };
}

/** member2 follows a topic the admin then deletes: the user_topic events member2 gets. */
async function deletedTopicPolicy(s: ReferenceServer): Promise<string[]> {
  const { member, member2, admin } = s.accounts;
  const topic = fresh('followed doomed');
  await send(s, member, GENERAL, topic);
  await follow(s, member2, GENERAL, topic);
  return typesOf(received(s, member2, ['user_topic'], () => deleteTopic(s, admin, GENERAL, topic)));
}

/** member2 writes two messages the member then marks read: the member's update_message_flags events. */
async function topicRead(s: ReferenceServer, ownToo = false): Promise<any[]> {
  const { member, member2 } = s.accounts;
  const topic = fresh('unread');
  if (ownToo) await send(s, member, GENERAL, topic);
  await send(s, member2, GENERAL, topic);
  return received(s, member, ['update_message_flags'], () => markRead(s, member, GENERAL, topic));
}

/** A topic of the member's own (already read) messages, marked read: the events the member gets. */
async function nothingUnread(s: ReferenceServer): Promise<string[]> {
  const { member } = s.accounts;
  const topic = fresh('all read');
  await send(s, member, GENERAL, topic);
  return typesOf(received(s, member, ['update_message_flags'], () => markRead(s, member, GENERAL, topic)));
}

/** The member reads an edit history: the events its queue gets. */
async function historyRead(s: ReferenceServer): Promise<string[]> {
  const { member } = s.accounts;
  const id = await send(s, member, GENERAL, fresh('history'));
  return typesOf(received(s, member, ['update_message_flags'], () => call(s, 'GET', `/messages/${id}/history`, { as: member })));
}

export const eventProbes: QuirkProbe[] = [
  { quirk: 'message-no-event', probe: messageEventTypes, normal: ['message'], quirked: [] },
  { quirk: 'message-event-sender-only', probe: messageEventTypes, normal: ['message'], quirked: [] },
  { quirk: 'edit-no-update-event', probe: async (s) => (await contentEdit(s)).map((e) => e.type), normal: ['update_message'], quirked: [] },
  { quirk: 'edit-event-editor-only', probe: async (s) => (await contentEdit(s)).map((e) => e.type), normal: ['update_message'], quirked: [] },
  { quirk: 'edit-event-prev-content', probe: async (s) => 'orig_content' in (await contentEdit(s))[0], normal: true, quirked: false },
  { quirk: 'edit-event-to-everyone', probe: guestSeesEdit, normal: [], quirked: ['update_message'] },
  { quirk: 'edit-event-holders-only', probe: lateSubscriberFlags, normal: [['read']], quirked: [] },
  { quirk: 'edit-event-target-only-ids', probe: movedIds, normal: 2, quirked: 1 },
  { quirk: 'edit-move-no-delete-event', probe: loserEvents, normal: ['delete_message'], quirked: [] },
  { quirk: 'edit-move-loser-gets-update', probe: loserEvents, normal: ['delete_message'], quirked: ['update_message'] },
  { quirk: 'edit-no-user-topic-migration', probe: (s) => migration(s, ['user_topic']), normal: ['user_topic', 'user_topic'], quirked: [] },
  {
    quirk: 'edit-user-topic-after-update',
    probe: (s) => migration(s, ['user_topic', 'update_message']),
    normal: ['user_topic', 'user_topic', 'update_message'],
    quirked: ['update_message', 'user_topic', 'user_topic'],
  },
  {
    quirk: 'edit-notices-before-update',
    probe: (s) => migration(s, ['update_message', 'message']),
    normal: ['update_message', 'message'],
    quirked: ['message', 'update_message'],
  },
  { quirk: 'edit-resolve-undo-no-event', probe: resolveUndo, normal: ['delete_message'], quirked: [] },
  { quirk: 'typing-not-to-sender', probe: senderTyping, normal: ['typing'], quirked: [] },
  { quirk: 'delete-topic-no-delete-event', probe: async (s) => (await topicDeletion(s)).map((e) => e.type), normal: ['delete_message'], quirked: [] },
  { quirk: 'delete-events-actor-only', probe: async (s) => (await topicDeletion(s)).map((e) => e.type), normal: ['delete_message'], quirked: [] },
  { quirk: 'delete-events-to-everyone', probe: async (s) => await guestSeesDeletion(s), normal: [], quirked: ['delete_message'] },
  { quirk: 'delete-event-topic-case-kept', probe: async (s) => (await topicDeletion(s, 'Mixed Case'))[0].topic, normal: 'mixed case', quirked: 'Mixed Case' },
  {
    quirk: 'first-message-event-actor-only',
    probe: async (s) => (await firstMessageDeletion(s)).types,
    normal: ['stream', 'delete_message'],
    quirked: ['delete_message'],
  },
  {
    quirk: 'first-message-event-after-delete',
    probe: async (s) => (await firstMessageDeletion(s)).types,
    normal: ['stream', 'delete_message'],
    quirked: ['delete_message', 'stream'],
  },
  { quirk: 'first-message-event-old-value', probe: async (s) => (await firstMessageDeletion(s)).valueIsDeleted, normal: false, quirked: true },
  { quirk: 'delete-topic-keeps-topic-policies', probe: deletedTopicPolicy, normal: ['user_topic'], quirked: [] },
  { quirk: 'history-read-sends-event', probe: historyRead, normal: [], quirked: ['update_message_flags'] },
  { quirk: 'mark-read-no-event', probe: async (s) => (await topicRead(s)).map((e) => e.type), normal: ['update_message_flags'], quirked: [] },
  { quirk: 'mark-read-event-to-senders', probe: async (s) => (await topicRead(s)).map((e) => e.type), normal: ['update_message_flags'], quirked: [] },
  { quirk: 'mark-read-event-all-ids', probe: async (s) => (await topicRead(s, true))[0].messages.length, normal: 1, quirked: 2 },
  { quirk: 'mark-read-event-when-nothing-unread', probe: nothingUnread, normal: [], quirked: ['update_message_flags'] },
];
