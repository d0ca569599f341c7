// Probes for the typing and topic quirks (see quirk-probes.ts): each builds the smallest
// situation in which the quirk shows, on a fresh channel of its own.
import type { ReferenceServer } from '../../src/reference/server.js';
import { events, openQueue } from './event-helpers.js';
import { call } from './helpers.js';
import type { QuirkProbe } from './quirk-probe.js';
import { fetchTopic, join, newChannel, send, topics } from './topic-helpers.js';

const typing = (s: ReferenceServer, form: Record<string, string>) => call(s, 'POST', '/typing', { as: s.accounts.member, form });
const toMember2 = (s: ReferenceServer) => JSON.stringify([s.accounts.member2.userId]);

/** The events member2 gets for one typing call, on a queue with the given capabilities. */
async function typingEvents(s: ReferenceServer, form: Record<string, string>, capabilities: Record<string, boolean> = {}) {
  const q = await openQueue(s, s.accounts.member2, capabilities);
  await typing(s, form);
  return (await events(s, s.accounts.member2, q)).map((e) => e.topic ?? e.message_type);
}

const setting = (s: ReferenceServer, as: 'member' | 'member2', name: string, value: boolean) =>
  call(s, 'PATCH', '/settings', { as: s.accounts[as], form: { [name]: String(value) } });

/** A channel of owner and member: empty topic, alpha, beta, alpha again. */
async function topicNames(s: ReferenceServer, query: Record<string, string> = {}) {
  const { owner, member } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId, member.userId]);
  for (const t of ['', 'alpha', 'beta', 'alpha']) await send(s, member, c, t);
  return (await topics(s, member, c, query)).body.topics;
}

async function protectedTopics(s: ReferenceServer) {
  const { owner, member } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId], { invite_only: 'true' });
  await send(s, owner, c, 'before');
  await join(s, c, member.userId);
  await send(s, owner, c, 'after');
  return (await topics(s, member, c)).body.topics.map((t: { name: string }) => t.name);
}

/** Deletes `doomed` as `who` in a channel of topics doomed (2 messages), kept and ''; returns the result and the topics left. */
async function afterDelete(s: ReferenceServer, who: 'admin' | 'member', doomed = 'doomed') {
  const { owner } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId]);
  for (const t of ['doomed', 'doomed', 'kept', '']) await send(s, owner, c, t);
  const answer = await call(s, 'POST', `/streams/${c}/delete_topic`, { as: s.accounts[who], form: { topic_name: doomed } });
  const left = (await topics(s, owner, c, { allow_empty_topic_name: 'true' })).body.topics.map((t: { name: string }) => t.name);
  return [answer.body.complete ?? answer.body.code, left];
}

async function firstIdEvents(s: ReferenceServer) {
  const { owner } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId]);
  await send(s, owner, c, 'first');
  await send(s, owner, c, 'second');
  const q = await openQueue(s, owner, {}, ['stream']);
  await call(s, 'POST', `/streams/${c}/delete_topic`, { as: owner, form: { topic_name: 'first' } });
  return (await events(s, owner, q)).map((e) => e.property);
}

/**
 * Deletes a topic of 101 messages (Zulip's batches are 100): its deletion events, each as
 * [the position of its first and last message among those sent, how many it names].
 */
async function deletionBatches(s: ReferenceServer) {
  const { owner } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId]);
  const ids: number[] = [];
  for (let i = 0; i < 101; i += 1) ids.push(await send(s, owner, c, 'batches'));
  const q = await openQueue(s, owner, { bulk_message_deletion: true }, ['delete_message']);
  await call(s, 'POST', `/streams/${c}/delete_topic`, { as: owner, form: { topic_name: 'batches' } });
  return (await events(s, owner, q)).map((e) => [ids.indexOf(e.message_ids[0]), ids.indexOf(e.message_ids.at(-1)), e.message_ids.length]);
}

/** Deletes a topic of two messages: the deletion events a queue without bulk_message_deletion gets. */
async function legacyDeletionEvents(s: ReferenceServer) {
  const { owner } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId]);
  const ids = [await send(s, owner, c, 'two'), await send(s, owner, c, 'two')];
  const q = await openQueue(s, owner, {}, ['delete_message']);
  await call(s, 'POST', `/streams/${c}/delete_topic`, { as: owner, form: { topic_name: 'two' } });
  return (await events(s, owner, q)).map((e) => (e.message_ids ? e.message_ids.map((id: number) => ids.indexOf(id)) : ids.indexOf(e.message_id)));
}

/** Topic "same" in two channels, deleted in the first: the topics left in the second. */
async function otherChannelTopics(s: ReferenceServer) {
  const { owner } = s.accounts;
  const [a, b] = [await newChannel(s, owner, [owner.userId]), await newChannel(s, owner, [owner.userId])];
  await send(s, owner, a, 'same');
  await send(s, owner, b, 'same');
  await call(s, 'POST', `/streams/${a}/delete_topic`, { as: owner, form: { topic_name: 'same' } });
  return (await topics(s, owner, b)).body.topics.map((t: { name: string }) => t.name);
}

/** A topic in one channel: is it in the topic list of another? */
async function foreignTopics(s: ReferenceServer) {
  const { owner } = s.accounts;
  const [a, b] = [await newChannel(s, owner, [owner.userId]), await newChannel(s, owner, [owner.userId])];
  await send(s, owner, a, 'here');
  await send(s, owner, b, 'elsewhere');
  return (await topics(s, owner, a)).body.topics.some((t: { name: string }) => t.name === 'elsewhere');
}

/** Two direct typing starts in a row: the ops member2 gets. */
async function repeatedStarts(s: ReferenceServer) {
  const q = await openQueue(s, s.accounts.member2);
  for (let i = 0; i < 2; i += 1) await typing(s, { op: 'start', to: toMember2(s) });
  return (await events(s, s.accounts.member2, q)).map((e) => e.op);
}

/** Marks topic "news" read as the member; returns the member's flags in news and other. */
async function readFlags(s: ReferenceServer) {
  const { owner, member, member2 } = s.accounts;
  const c = await newChannel(s, owner, [owner.userId, member.userId, member2.userId]);
  await send(s, member2, c, 'news');
  await send(s, member2, c, 'other');
  await call(s, 'POST', '/mark_topic_as_read', { as: member, form: { stream_id: String(c), topic_name: 'news' } });
  return [(await fetchTopic(s, member, c, 'news'))[0].flags, (await fetchTopic(s, member, c, 'other'))[0].flags];
}

export const topicProbes: QuirkProbe[] = [
  { quirk: 'typing-no-event', probe: (s) => typingEvents(s, { op: 'start', to: toMember2(s) }), normal: ['direct'], quirked: [] },
  {
    quirk: 'typing-accepts-private',
    probe: async (s) => (await typing(s, { type: 'private', op: 'start', to: toMember2(s) })).body.result,
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'typing-ignores-receives-setting',
    probe: async (s) => {
      await setting(s, 'member2', 'receives_typing_notifications', false);
      return typingEvents(s, { op: 'start', to: toMember2(s) });
    },
    normal: [],
    quirked: ['direct'],
  },
  {
    quirk: 'typing-ignores-capability',
    probe: (s) => typingEvents(s, { type: 'channel', op: 'start', stream_id: '1', topic: 't' }),
    normal: [],
    quirked: ['t'],
  },
  {
    quirk: 'typing-missing-stream-id-code',
    probe: async (s) => (await typing(s, { type: 'channel', op: 'start', topic: 't' })).body.code,
    normal: 'BAD_REQUEST',
    quirked: 'REQUEST_VARIABLE_MISSING',
  },
  {
    quirk: 'typing-ignores-send-setting',
    probe: async (s) => {
      await setting(s, 'member', 'send_stream_typing_notifications', false);
      return (await typing(s, { type: 'channel', op: 'start', stream_id: '1', topic: 't' })).body.result;
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'typing-no-topic-literal',
    probe: (s) =>
      typingEvents(s, { type: 'channel', op: 'start', stream_id: '1', topic: '(no topic)' }, { stream_typing_notifications: true, empty_topic_name: true }),
    normal: [''],
    quirked: ['(no topic)'],
  },
  {
    quirk: 'topics-oldest-first',
    probe: async (s) => (await topicNames(s)).map((t: { name: string }) => t.name),
    normal: ['alpha', 'beta', 'general chat'],
    quirked: ['general chat', 'beta', 'alpha'],
  },
  {
    quirk: 'topics-max-id-first-message',
    probe: async (s) => {
      const t = await topicNames(s);
      return t[0].max_id > t[1].max_id;
    },
    normal: true,
    quirked: false,
  },
  { quirk: 'topics-empty-name-raw', probe: async (s) => (await topicNames(s)).at(-1).name, normal: 'general chat', quirked: '' },
  {
    quirk: 'topics-ignore-allow-empty',
    probe: async (s) => (await topicNames(s, { allow_empty_topic_name: 'true' })).at(-1).name,
    normal: '',
    quirked: 'general chat',
  },
  { quirk: 'topics-protected-history-leak', probe: protectedTopics, normal: ['after'], quirked: ['after', 'before'] },
  { quirk: 'topics-inaccessible-ok', probe: async (s) => (await topics(s, s.accounts.member, 3)).body.result, normal: 'error', quirked: 'success' },
  {
    quirk: 'delete-topic-member-ok',
    probe: (s) => afterDelete(s, 'member'),
    normal: ['UNAUTHORIZED_PRINCIPAL', ['', 'kept', 'doomed']],
    quirked: [true, ['', 'kept']],
  },
  { quirk: 'delete-topic-incomplete', probe: (s) => afterDelete(s, 'admin'), normal: [true, ['', 'kept']], quirked: [true, ['', 'kept', 'doomed']] },
  { quirk: 'delete-topic-complete-false', probe: (s) => afterDelete(s, 'admin'), normal: [true, ['', 'kept']], quirked: [false, ['', 'kept']] },
  {
    quirk: 'delete-topic-oldest-first',
    probe: deletionBatches,
    normal: [
      [1, 100, 100],
      [0, 0, 1],
    ],
    quirked: [
      [0, 99, 100],
      [100, 100, 1],
    ],
  },
  {
    quirk: 'delete-topic-one-batch',
    probe: deletionBatches,
    normal: [
      [1, 100, 100],
      [0, 0, 1],
    ],
    quirked: [[0, 100, 101]],
  },
  { quirk: 'delete-events-always-bulk', probe: legacyDeletionEvents, normal: [0, 1], quirked: [[0, 1]] },
  { quirk: 'delete-topic-every-channel', probe: otherChannelTopics, normal: ['same'], quirked: [] },
  { quirk: 'topics-every-channel', probe: foreignTopics, normal: false, quirked: true },
  { quirk: 'typing-stateful', probe: repeatedStarts, normal: ['start', 'start'], quirked: ['start'] },
  { quirk: 'delete-topic-whole-channel', probe: (s) => afterDelete(s, 'admin'), normal: [true, ['', 'kept']], quirked: [true, []] },
  { quirk: 'delete-topic-no-first-message-event', probe: firstIdEvents, normal: ['first_message_id'], quirked: [] },
  {
    quirk: 'topic-display-name-literal',
    probe: (s) => afterDelete(s, 'admin', 'general chat'),
    normal: [true, ['kept', 'doomed']],
    quirked: [true, ['', 'kept', 'doomed']],
  },
  { quirk: 'mark-read-noop', probe: readFlags, normal: [['read'], []], quirked: [[], []] },
  { quirk: 'mark-read-whole-channel', probe: readFlags, normal: [['read'], []], quirked: [['read'], ['read']] },
];
