// Mutants for POST /user_topics (operation 8) and the per-user topic states.
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { paramsOf, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

const OP = 'POST /user_topics';
const isWrite = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/user_topics';

/** Refusals of requests matching `when` become success (nothing is stored). */
function acceptWhen(when: (params: URLSearchParams) => boolean): Rewrite {
  return {
    answer: (req, a) => {
      if (isWrite(req) && (a.json as Json | undefined)?.result === 'error' && when(paramsOf(req))) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
}

/** POST /register reports every topic policy as 1. */
const readBackWrong: Rewrite = {
  answer: (req, a) => {
    if (req.method !== 'POST' || req.path !== '/register') return;
    for (const t of ((a.json as Json).user_topics as Json[] | undefined) ?? []) t.visibility_policy = 1;
  },
};

/** POST /register reports the policies 2 and 3 swapped: 2 followed, 3 unmuted. */
const policiesSwapped: Rewrite = {
  answer: (req, a) => {
    if (req.method !== 'POST' || req.path !== '/register') return;
    for (const t of ((a.json as Json).user_topics as Json[] | undefined) ?? []) {
      if (t.visibility_policy === 2 || t.visibility_policy === 3) t.visibility_policy = 5 - (t.visibility_policy as number);
    }
  },
};

/** POST /register reports a muted topic (1) as unmuted (2): muting does not mute. */
const muteNotMuted: Rewrite = {
  answer: (req, a) => {
    if (req.method !== 'POST' || req.path !== '/register') return;
    for (const t of ((a.json as Json).user_topics as Json[] | undefined) ?? []) if (t.visibility_policy === 1) t.visibility_policy = 2;
  },
};

/** Errors answer code INVALID_CHANNEL instead of BAD_REQUEST. */
const wrongCodes: Rewrite = {
  answer: (req, a) => {
    const body = a.json as Json | undefined;
    if (isWrite(req) && body?.result === 'error' && body.code === 'BAD_REQUEST') body.code = 'INVALID_CHANNEL';
  },
};

/** A missing-parameter error answers BAD_REQUEST without var_name (Zulip: REQUEST_VARIABLE_MISSING). */
const missingAsBadRequest: Rewrite = {
  answer: (req, a) => {
    const body = a.json as Json | undefined;
    if (isWrite(req) && body?.code === 'REQUEST_VARIABLE_MISSING') a.json = { result: 'error', msg: 'Invalid request', code: 'BAD_REQUEST' };
  },
};

/** A topic equal to the empty topic's display name is taken literally, not as the empty topic. */
const displayNameLiteral: Rewrite = {
  request: (req) => {
    if (!isWrite(req)) return;
    for (const params of [req.form, req.query]) if (params.get('topic') === 'general chat') params.set('topic', 'general chat (literally)');
  },
};

/** A topic of the advertised max_topic_length (60 on the reference server) is refused as too long. */
const limitTooLow: Rewrite = {
  answer: (req, a) => {
    if (isWrite(req) && [...(paramsOf(req).get('topic') ?? '')].length >= 60 && (a.json as Json | undefined)?.result === 'success') {
      a.status = 400;
      a.json = { result: 'error', msg: 'topic is too long', code: 'BAD_REQUEST' };
    }
  },
};

export const MUTANTS: Mutant[] = [
  {
    // user-topics-rejects-policy-3 also breaks zulip.user-topics.policy-values: 3 (FOLLOWED) is one the fact says Zulip takes
    name: 'user-topics-rejects-policy-3',
    kind: 'invalid-input',
    operations: [OP],
    quirks: ['user-topics-rejects-policy-3'],
    breaks: ['op8.visibility-policy.values', 'state.visibility-policy.unmuted-followed', 'state.user-topic', 'zulip.user-topics.policy-values'],
    kills: ['op8.policy.3', 'op8.zulip.policy-changes'],
  },
  {
    name: 'user-topics-accepts-bad-policy',
    kind: 'invalid-input',
    operations: [OP],
    quirks: ['user-topics-accepts-bad-policy'],
    breaks: ['op8.visibility-policy.values'],
    kills: ['op8.policy.4-refused', 'op8.policy.minus-1-refused'],
  },
  {
    name: 'user-topics-policy-text-accepted',
    kind: 'invalid-input',
    operations: [OP],
    rewrite: acceptWhen((p) => p.get('visibility_policy') === 'muted'),
    breaks: ['op8.visibility-policy.type'],
    kills: ['op8.policy.not-integer'],
  },
  {
    name: 'user-topics-channel-text-accepted',
    kind: 'invalid-input',
    operations: [OP],
    rewrite: acceptWhen((p) => /^cf-/.test(p.get('stream_id') ?? '')),
    breaks: ['op8.stream-id.type'],
    kills: ['op8.stream-id.not-integer'],
  },
  {
    name: 'user-topics-stream-id-optional',
    kind: 'parameter',
    operations: [OP],
    rewrite: acceptWhen((p) => !p.has('stream_id')),
    breaks: ['op8.stream-id.required'],
    kills: ['op8.missing-stream-id'],
  },
  {
    name: 'user-topics-topic-optional',
    kind: 'parameter',
    operations: [OP],
    rewrite: acceptWhen((p) => !p.has('topic')),
    breaks: ['op8.topic.required'],
    kills: ['op8.missing-topic'],
  },
  {
    name: 'user-topics-policy-optional',
    kind: 'parameter',
    operations: [OP],
    rewrite: acceptWhen((p) => !p.has('visibility_policy')),
    breaks: ['op8.visibility-policy.required'],
    kills: ['op8.missing-visibility-policy'],
  },
  {
    // user-topics-limit-too-low also breaks zulip.user-topics.topic-max-60: a topic of 60 characters is refused
    name: 'user-topics-limit-too-low',
    kind: 'limit',
    operations: [OP],
    rewrite: limitTooLow,
    breaks: ['op8.topic.max-length', 'zulip.user-topics.topic-max-60'],
    kills: ['op8.zulip.topic-60'],
  },
  {
    name: 'user-topics-no-length-limit',
    kind: 'invalid-input',
    operations: [OP],
    quirks: ['user-topics-no-length-limit'],
    breaks: ['zulip.user-topics.topic-max-60'],
    kills: ['op8.zulip.topic-61'],
  },
  {
    name: 'user-topics-needs-messages',
    kind: 'effect',
    operations: [OP],
    quirks: ['user-topics-needs-messages'],
    breaks: ['state.user-topic.no-messages', 'zulip.user-topics.no-messages-needed'],
    kills: [
      'op8.policy.0-without-policy',
      'op8.policy.1',
      'op8.policy.2',
      'op8.policy.3',
      'op8.zulip.policy-names',
      'op8.zulip.policy.0-removes',
      'op8.zulip.policy-changes',
    ],
  },
  {
    name: 'user-topics-zero-ignored',
    kind: 'effect',
    operations: [OP],
    quirks: ['user-topics-zero-ignored'],
    breaks: ['state.visibility-policy.0-none'],
    kills: ['op8.zulip.policy.0-removes'],
  },
  {
    name: 'user-topics-first-policy-sticks',
    kind: 'effect',
    operations: [OP],
    quirks: ['user-topics-first-policy-sticks'],
    breaks: ['state.user-topic'],
    kills: ['op8.zulip.policy-changes'],
  },
  {
    name: 'user-topics-read-back-wrong',
    kind: 'field',
    operations: [OP],
    rewrite: readBackWrong,
    breaks: ['state.user-topic', 'state.visibility-policy.which-is-which'],
    kills: ['op8.policy.2', 'op8.policy.3', 'op8.zulip.policy-names', 'op8.zulip.policy-changes'],
  },
  {
    // user-topics-mute-not-muted also breaks state.user-topic: the policy 1 names is not the one set
    name: 'user-topics-mute-not-muted',
    kind: 'field',
    operations: [OP],
    rewrite: muteNotMuted,
    breaks: ['state.visibility-policy.1-muted', 'state.user-topic'],
    kills: ['op8.policy.1'],
  },
  {
    name: 'user-topics-unknown-channel-ok',
    kind: 'invalid-input',
    operations: [OP],
    rewrite: acceptWhen((p) => p.get('stream_id') === '2147483000'),
    breaks: ['op8.invalid-channel'],
    kills: ['op8.invalid-channel'],
  },
  {
    name: 'user-topics-policies-swapped',
    kind: 'field',
    operations: [OP],
    rewrite: policiesSwapped,
    breaks: ['zulip.user-topics.policy-values'],
    kills: ['op8.zulip.policy-names'],
  },
  {
    name: 'user-topics-wrong-codes',
    kind: 'error-code',
    operations: [OP],
    rewrite: wrongCodes,
    breaks: ['errors.bad-request', 'zulip.user-topics.policy-values', 'zulip.errors.type-error-texts', 'zulip.user-topics.topic-max-60'],
    kills: [
      'op8.invalid-channel',
      'op8.policy.4-refused',
      'op8.policy.minus-1-refused',
      'op8.policy.not-integer',
      'op8.stream-id.not-integer',
      'op8.zulip.topic-61',
    ],
  },
  {
    name: 'user-topics-missing-code',
    kind: 'error-code',
    operations: [OP],
    rewrite: missingAsBadRequest,
    breaks: ['zulip.user-topics.parameters-required'],
    kills: ['op8.missing-stream-id', 'op8.missing-topic', 'op8.missing-visibility-policy'],
  },
  {
    // user-topics-display-name-literal also breaks zulip.user-topics.empty-topic-display-name-in-register: the empty topic is not shown as the display name there
    name: 'user-topics-display-name-literal',
    kind: 'parameter',
    operations: [OP],
    rewrite: displayNameLiteral,
    breaks: ['conv.empty-topic-display-name', 'zulip.user-topics.empty-topic-display-name-in-register'],
    kills: ['op8.zulip.empty-topic-name'],
  },
  // GET /messages in:home treats an unmuted topic (2) of an unmuted channel as muted.
  {
    name: 'user-topics-unmuted-mutes',
    kind: 'effect',
    operations: [OP],
    quirks: ['user-topics-unmuted-mutes'],
    breaks: ['state.visibility-policy.unmuted-like-none', 'zulip.user-topics.in-home-narrow'],
    kills: ['op8.zulip.unmuted-like-none'],
  },
  {
    name: 'user-topics-ignored-params-missing',
    kind: 'envelope',
    operations: [OP],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op8.ignored-params'],
  },
];
