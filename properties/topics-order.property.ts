// For any sequence of messages sent to a few topics of a channel (the empty topic among them),
// GET /users/me/{stream_id}/topics lists those topics most recent first by max_id, max_id is the
// ID of the topic's last message, and the empty topic is listed under
// realm_empty_topic_display_name unless allow_empty_topic_name=true.
import fc from 'fast-check';
import { show, defineProperty, violated } from '../src/property/define.js';
import { topicSends, type TopicSend } from './arbitraries/topic-sends.js';
import { distinctTopics } from './arbitraries/topic-name.js';
import { archiveChannels, makeChannel, realmTopicFacts } from './support/channels.js';

interface State {
  channel: number;
  topics: string[];
  emptyName: string;
  lastIds: Map<number, number>;
}

export const PROPERTY = defineProperty<{ sends: TopicSend[]; allowEmpty: boolean }, State>({
  id: 'prop.op17.topics-by-recency',
  endpoint: 'GET /users/me/{stream_id}/topics',
  title: 'for any messages sent to a few topics, the topics are listed most recent first with max_id their last message, the empty topic by its display name',
  clauses: ['op17.order', 'res.topic-entry.max-id', 'res.topic-entry.name', 'op17.allow-empty.default', 'op17.allow-empty.true'],
  facts: ['zulip.topics.order-and-empty-name'],
  since: 334,
  // Before feature level 392 the organisation decides about the empty topic; from it on, the channel (setup).
  needs: { mandatory_topics: false },
  roles: ['owner', 'member'],
  runs: 8,
  anyMembers: true,
  requestsPerRun: 4,
  async setup(api) {
    const { emptyName, maxTopicLength } = await realmTopicFacts(api);
    // The topic names are drawn once per property (from a fixed seed): runs share the channel.
    const named = fc.sample(
      distinctTopics(3, maxTopicLength).filter((t) => t.every((n) => n.toLowerCase() !== emptyName.toLowerCase())),
      { numRuns: 1, seed: 7 },
    )[0];
    const channel = await makeChannel(api, 'prop topics');
    // The empty topic allowed in the channel, whatever the organisation's realm_topics_policy (a server before 392 ignores it).
    await api.call('owner', 'PATCH', `/streams/${channel}`, { topics_policy: 'allow_empty_topic' });
    return { channel, topics: ['', ...named], emptyName, lastIds: new Map() };
  },
  teardown: (api, state) => archiveChannels(api, [state?.channel]),
  arbitrary: ({ topics }) => fc.record({ sends: topicSends(topics.length), allowEmpty: fc.boolean() }),
  async check(api, { sends, allowEmpty }, { channel, topics, emptyName, lastIds }) {
    for (const { topic, as } of sends) {
      const sent = await api.ok(as, 'POST', '/messages', { type: 'stream', to: channel, topic: topics[topic], content: `to topic ${topic}` });
      lastIds.set(topic, sent.id as number);
    }
    const { body, request } = await api.call('member', 'GET', `/users/me/${channel}/topics`, allowEmpty ? { allow_empty_topic_name: true } : {});
    violated(body.result === 'success' && Array.isArray(body.topics), () => `expected a topics list, got ${show(body)} (${request})`);
    const listed = body.topics as { name: unknown; max_id: unknown }[];
    const shown = (i: number) => (i === 0 && !allowEmpty ? emptyName : topics[i]);
    // The empty topic's name is what allow_empty_topic_name decides (omitted here: its default).
    const nameClause = (i: number) => (i !== 0 ? 'res.topic-entry.name' : allowEmpty ? 'op17.allow-empty.true' : 'op17.allow-empty.default');
    // Only the topics this property sent to: a server may post topics of its own (channel events).
    const ours = listed.filter((t) => [...lastIds.keys()].some((i) => shown(i) === t.name));
    for (const [i, lastId] of lastIds) {
      const entry = listed.find((t) => t.name === shown(i));
      violated(
        entry !== undefined,
        () => `topic ${show(topics[i])} is not listed as ${show(shown(i))}; listed: ${show(listed.map((t) => t.name))} (${request})`,
        { clause: nameClause(i) },
      );
      violated(entry!.max_id === lastId, () => `topic ${show(shown(i))} has max_id ${show(entry!.max_id)}, its last message is ${lastId} (${request})`, {
        clause: 'res.topic-entry.max-id',
      });
    }
    if (!allowEmpty)
      violated(!listed.some((t) => t.name === ''), () => `the empty topic is listed as "" without allow_empty_topic_name (${request})`, {
        clause: 'op17.allow-empty.default',
      });
    const ids = ours.map((t) => t.max_id as number);
    violated(
      ids.every((id, i) => i === 0 || ids[i - 1] > id),
      () => `topics not most recent first: ${show(ours.map((t) => [t.name, t.max_id]))} (${request})`,
      { clause: 'op17.order' },
    );
  },
});
