// For any visibility_policy and topic name, POST /user_topics accepts exactly the document's
// values 0-3 and answers every other value (integers outside the range, non-integers) with
// BAD_REQUEST; topic names go up to the max_topic_length the registration response gives, which
// is accepted. The channel is the property's own; every topic touched is set back to policy 0
// (no preference) in teardown.
import fc from 'fast-check';
import { show, defineProperty, violated, outcome } from '../src/property/define.js';
import { topicName } from './arbitraries/topic-name.js';
import { visibilityPolicy, type PolicyValue } from './arbitraries/visibility-policy.js';
import { archiveChannels, makeChannel, realmTopicFacts } from './support/channels.js';

interface State {
  channel: number;
  maxTopicLength: number;
  touched: Set<string>;
}

export const PROPERTY = defineProperty<{ policy: PolicyValue; topic: string }, State>({
  id: 'prop.op8.visibility-policy-values',
  endpoint: 'POST /user_topics',
  title: 'visibility_policy is accepted exactly when it is 0, 1, 2 or 3',
  clauses: ['op8.visibility-policy.values', 'op8.visibility-policy.type', 'op8.topic.max-length', 'errors.bad-request'],
  facts: ['zulip.user-topics.policy-values'],
  roles: ['owner', 'member'],
  // Feature levels (facts zulip.level.<N>): POST /register's realm_empty_topic_display_name (334).
  since: 334,
  runs: 16,
  anyMembers: true,
  async setup(api) {
    const { maxTopicLength } = await realmTopicFacts(api);
    return { channel: await makeChannel(api, 'prop user-topics'), maxTopicLength, touched: new Set() };
  },
  async teardown(api, state) {
    if (!state) return;
    for (const topic of state.touched) await api.call('member', 'POST', '/user_topics', { stream_id: state.channel, topic, visibility_policy: 0 });
    await archiveChannels(api, [state.channel]);
  },
  // Topic names at the advertised max_topic_length more often than topicName alone gives them.
  arbitrary: (state) =>
    fc.record({
      policy: visibilityPolicy,
      topic: fc.oneof(
        { weight: 3, arbitrary: topicName(state.maxTopicLength) },
        { weight: 1, arbitrary: fc.constantFrom('m', 'ü').map((c) => c.repeat(state.maxTopicLength)) },
      ),
    }),
  async check(api, { policy, topic }, state) {
    state.touched.add(topic);
    const { body, request } = await api.call('member', 'POST', '/user_topics', { stream_id: state.channel, topic, visibility_policy: policy.value });
    if (policy.valid) {
      // A valid policy refused for a topic of the advertised maximum length breaks the limit.
      const atLimit = [...topic].length === state.maxTopicLength;
      violated(
        body.result === 'success',
        () =>
          `visibility_policy ${show(policy.value)} is allowed${atLimit ? ` and the topic is ${state.maxTopicLength} characters, max_topic_length` : ''}: expected success, got ${outcome(body)} (${request})`,
        { clause: atLimit ? 'op8.topic.max-length' : 'op8.visibility-policy.values' },
      );
    } else {
      const clause = typeof policy.value === 'number' ? 'op8.visibility-policy.values' : 'op8.visibility-policy.type';
      violated(
        body.result === 'error',
        () => `visibility_policy ${show(policy.value)} is not allowed: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`,
        { clause },
      );
      violated(
        body.code === 'BAD_REQUEST',
        () => `visibility_policy ${show(policy.value)} is not allowed: expected a BAD_REQUEST error, got ${outcome(body)} (${request})`,
        { clause: 'errors.bad-request' },
      );
    }
  },
});
