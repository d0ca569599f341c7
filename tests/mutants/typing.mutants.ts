// Mutants for POST /typing (operation 3), its registration limits and its events.
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, missingArgument, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest } from '../support/rewriting-proxy.js';

const TYPING = 'POST /typing';
const isTyping = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/typing';
const isEvents = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/events';
const typeOf = (req: ProxiedRequest) => paramsOf(req).get('type') ?? 'direct';
const isChannelTyping = (req: ProxiedRequest) => isTyping(req) && ['stream', 'channel'].includes(typeOf(req));
const isDirectTyping = (req: ProxiedRequest) => isTyping(req) && typeOf(req) === 'direct';
const has = (name: string) => (req: ProxiedRequest) => paramsOf(req).has(name);
const lacks = (name: string) => (req: ProxiedRequest) => !paramsOf(req).has(name);
const param = (req: ProxiedRequest, name: string) => paramsOf(req).get(name);
/** The mutants run against the zulip realm, whose realm_empty_topic_display_name this is. */
const ZULIP_EMPTY_TOPIC_NAME = 'general chat';

/** Rewrites every event of a GET /events answer. */
const eachEvent = (fn: (event: Json) => void) => ({
  answer: (req: ProxiedRequest, a: { json?: unknown }) => {
    if (isEvents(req)) ((a.json as Json).events as Json[] | undefined)?.forEach(fn);
  },
});

export const MUTANTS: Mutant[] = [
  // --- type ---
  {
    // typing-refuses-direct also breaks zulip.events.typing.direct: a refused direct notification sends no typing event
    name: 'typing-refuses-direct',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: refuse(isDirectTyping),
    breaks: [
      'op3.type.optional',
      'op3.type.values',
      'op3.op.values',
      'op3.to.list',
      'op3.stream-id.ignored-direct',
      'op3.topic.ignored-direct',
      'state.typing.start',
      'state.typing.stop',
      'zulip.events.typing.direct',
    ],
    kills: [
      'op3.direct.start',
      'op3.direct.stop',
      'op3.direct.stream-id-ignored',
      'op3.direct.topic-ignored',
      'op3.zulip.direct-event',
      'op3.zulip.stop-event',
    ],
  },
  {
    name: 'typing-refuses-channel',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: refuse(isChannelTyping),
    breaks: ['op3.type.values', 'op3.stream-id.type', 'op3.topic.empty-aliases', 'conv.empty-topic-display-name', 'op3.to.ignored-otherwise', 'events.typing'],
    kills: ['op3.channel.start', 'op3.stream.stop', 'op3.channel.no-topic', 'op3.channel.display-name', 'op3.channel.to-ignored', 'op3.zulip.channel-event'],
  },
  {
    name: 'typing-requires-type',
    kind: 'optional',
    operations: [TYPING],
    rewrite: missingArgument((r) => isTyping(r) && lacks('type')(r), 'type'),
    breaks: ['op3.type.optional'],
    kills: ['op3.direct.start'],
  },
  {
    name: 'typing-default-channel',
    kind: 'default',
    operations: [TYPING],
    rewrite: accept((r) => isTyping(r) && lacks('type')(r) && has('stream_id')(r) && lacks('to')(r)),
    breaks: ['op3.type.default-direct'],
    kills: ['op3.type.default-direct'],
  },
  {
    name: 'typing-accepts-unknown-type',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isTyping(r) && param(r, 'type') === 'group'),
    breaks: ['op3.type.values'],
    kills: ['op3.type.invalid'],
  },
  {
    name: 'typing-accepts-private',
    kind: 'invalid-input',
    operations: [TYPING],
    quirks: ['typing-accepts-private'],
    breaks: ['op3.type.private-rejected'],
    kills: ['op3.type.private-rejected'],
  },
  // --- op ---
  {
    name: 'typing-accepts-without-op',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isTyping(r) && lacks('op')(r)),
    breaks: ['op3.op.required'],
    kills: ['op3.op.missing'],
  },
  {
    name: 'typing-accepts-unknown-op',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isTyping(r) && param(r, 'op') === 'pause'),
    breaks: ['op3.op.values'],
    kills: ['op3.op.invalid'],
  },
  {
    // typing-refuses-stop also breaks zulip.events.typing.direct: a refused stop sends no stop event
    name: 'typing-refuses-stop',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: refuse((r) => isTyping(r) && param(r, 'op') === 'stop', 'Invalid op'),
    breaks: ['op3.op.values', 'state.typing.stop', 'zulip.events.typing.direct'],
    kills: ['op3.direct.stop', 'op3.zulip.stop-event'],
  },
  // --- to ---
  {
    name: 'typing-accepts-without-to',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isDirectTyping(r) && lacks('to')(r)),
    breaks: ['op3.to.required-direct'],
    kills: ['op3.direct.to-missing'],
  },
  {
    name: 'typing-accepts-bad-to',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isDirectTyping(r) && /[a-z]/.test(param(r, 'to') ?? '')),
    breaks: ['op3.to.list'],
    kills: ['op3.to.not-integers'],
  },
  {
    name: 'typing-refuses-to-on-channel',
    kind: 'parameter',
    operations: [TYPING],
    rewrite: refuse((r) => isChannelTyping(r) && has('to')(r)),
    breaks: ['op3.to.ignored-otherwise'],
    kills: ['op3.channel.to-ignored'],
  },
  // --- stream_id ---
  {
    name: 'typing-accepts-without-stream-id',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isChannelTyping(r) && lacks('stream_id')(r)),
    breaks: ['op3.stream-id.required'],
    kills: ['op3.channel.missing-stream-id', 'op3.stream.missing-stream-id'],
  },
  {
    name: 'typing-missing-stream-id-code',
    kind: 'error-code',
    operations: [TYPING],
    quirks: ['typing-missing-stream-id-code'],
    breaks: ['op3.stream-id.missing-code'],
    kills: ['op3.channel.missing-stream-id', 'op3.stream.missing-stream-id'],
  },
  {
    name: 'typing-accepts-bad-stream-id',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isChannelTyping(r) && param(r, 'stream_id') === 'one'),
    breaks: ['op3.stream-id.type'],
    kills: ['op3.stream-id.not-integer'],
  },
  {
    name: 'typing-refuses-stream-id-on-direct',
    kind: 'parameter',
    operations: [TYPING],
    rewrite: refuse((r) => isDirectTyping(r) && has('stream_id')(r)),
    breaks: ['op3.stream-id.ignored-direct'],
    kills: ['op3.direct.stream-id-ignored'],
  },
  {
    name: 'typing-accepts-unknown-channel',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isChannelTyping(r) && param(r, 'stream_id') === '987654321'),
    breaks: ['op3.stream-id.invalid-channel'],
    kills: ['op3.channel.invalid-channel'],
  },
  // An invalid request answered with another code than the document's BAD_REQUEST.
  {
    name: 'typing-error-code',
    kind: 'error-code',
    operations: [TYPING],
    rewrite: {
      answer: (req, a) => {
        if (isTyping(req) && (a.json as Json).code === 'BAD_REQUEST') (a.json as Json).code = 'INVALID_PARAMETER';
      },
    },
    breaks: ['errors.bad-request', 'op3.stream-id.missing-code', 'op3.stream-id.invalid-channel'],
    kills: ['op3.type.private-rejected', 'op3.op.invalid', 'op3.channel.missing-stream-id', 'op3.stream.missing-stream-id', 'op3.channel.invalid-channel'],
  },
  // --- topic ---
  {
    name: 'typing-accepts-without-topic',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: accept((r) => isChannelTyping(r) && lacks('topic')(r)),
    breaks: ['op3.topic.required-channel'],
    kills: ['op3.channel.missing-topic'],
  },
  {
    name: 'typing-refuses-topic-on-direct',
    kind: 'parameter',
    operations: [TYPING],
    rewrite: refuse((r) => isDirectTyping(r) && has('topic')(r)),
    breaks: ['op3.topic.ignored-direct'],
    kills: ['op3.direct.topic-ignored'],
  },
  {
    name: 'typing-refuses-no-topic',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: refuse((r) => isChannelTyping(r) && param(r, 'topic') === '(no topic)'),
    breaks: ['op3.topic.empty-aliases'],
    kills: ['op3.channel.no-topic'],
  },
  {
    name: 'typing-refuses-display-name',
    kind: 'invalid-input',
    operations: [TYPING],
    rewrite: refuse((r) => isChannelTyping(r) && param(r, 'topic') === ZULIP_EMPTY_TOPIC_NAME),
    breaks: ['op3.topic.empty-aliases', 'conv.empty-topic-display-name'],
    kills: ['op3.channel.display-name'],
  },
  {
    name: 'typing-no-topic-literal',
    kind: 'invalid-input',
    operations: [TYPING],
    quirks: ['typing-no-topic-literal'],
    breaks: ['op3.topic.empty-aliases', 'zulip.typing.no-topic-is-empty'],
    kills: ['op3.zulip.no-topic-event'],
  },
  // --- the answer ---
  {
    name: 'typing-ignored-params-missing',
    kind: 'parameter',
    operations: [TYPING],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op3.ignored-params'],
  },
  // The Errors table's "missing channel ID" is a condition, not a text: Zulip's text is a fact.
  {
    // typing-missing-stream-id-text also breaks zulip.errors.conditional-missing-no-var-name: the missing stream_id is not told as "Missing 'stream_id' argument"
    name: 'typing-missing-stream-id-text',
    kind: 'error-code',
    operations: [TYPING],
    rewrite: {
      answer: (req, a) => {
        if (isChannelTyping(req) && lacks('stream_id')(req)) (a.json as Json).msg = 'Missing channel ID';
      },
    },
    breaks: ['zulip.typing.missing-stream-id-text', 'zulip.errors.conditional-missing-no-var-name'],
    kills: ['op3.channel.missing-stream-id'],
  },
  // --- the registration response ---
  {
    name: 'register-without-typing-intervals',
    kind: 'limit',
    operations: [TYPING],
    rewrite: {
      answer: (req, a) => {
        if (req.path !== '/register') return;
        for (const name of [
          'server_typing_started_wait_period_milliseconds',
          'server_typing_stopped_wait_period_milliseconds',
          'server_typing_started_expiry_period_milliseconds',
        ])
          delete (a.json as Json)[name];
      },
    },
    breaks: ['limits.typing.started-wait', 'limits.typing.stopped-wait', 'limits.typing.started-expiry'],
    kills: ['op3.limits.typing-intervals'],
  },
  // --- the events (zulip profile) ---
  {
    // typing-no-event also breaks zulip.events.typing.direct, zulip.events.typing.stream: no typing event is sent at all
    name: 'typing-no-event',
    kind: 'effect',
    operations: [TYPING],
    quirks: ['typing-no-event'],
    breaks: [
      'state.typing.start',
      'state.typing.stop',
      'state.typing.stateless',
      'state.typing.capability',
      'events.typing',
      'op3.events',
      'op3.topic.empty-aliases',
      'zulip.events.typing.direct',
      'zulip.events.typing.stream',
    ],
    kills: [
      'op3.zulip.direct-event',
      'op3.zulip.stop-event',
      'op3.zulip.stateless',
      'op3.zulip.channel-event',
      'op3.zulip.no-topic-event',
      'op3.zulip.display-name-event',
    ],
  },
  {
    // typing-stop-as-start also breaks zulip.events.typing.direct: a stop request sends a start event, not the op the fact says
    name: 'typing-stop-as-start',
    kind: 'effect',
    operations: [TYPING],
    rewrite: eachEvent((e) => {
      if (e.type === 'typing' && e.op === 'stop') e.op = 'start';
    }),
    breaks: ['state.typing.stop', 'zulip.events.typing.direct'],
    kills: ['op3.zulip.stop-event'],
  },
  {
    // typing-stateful also breaks zulip.events.typing.direct: a repeated start sends no event, where each request sends one
    name: 'typing-stateful',
    kind: 'effect',
    operations: [TYPING],
    quirks: ['typing-stateful'],
    breaks: ['state.typing.stateless', 'zulip.events.typing.direct'],
    kills: ['op3.zulip.stateless'],
  },
  {
    name: 'typing-event-without-recipients',
    kind: 'field',
    operations: [TYPING],
    rewrite: eachEvent((e) => {
      delete e.recipients;
    }),
    breaks: ['zulip.events.typing.direct'],
    kills: ['op3.zulip.direct-event'],
  },
  {
    // typing-ignores-capability also breaks zulip.events.typing.stream-capability: a queue without the capability gets the channel typing event
    name: 'typing-ignores-capability',
    kind: 'effect',
    operations: [TYPING],
    quirks: ['typing-ignores-capability'],
    breaks: ['state.typing.capability', 'zulip.events.typing.stream-capability'],
    kills: ['op3.zulip.channel-needs-capability'],
  },
  {
    // typing-ignores-receives-setting also breaks zulip.events.typing.direct: the fact delivers only to participants whose receives_typing_notifications is true
    name: 'typing-ignores-receives-setting',
    kind: 'effect',
    operations: [TYPING],
    quirks: ['typing-ignores-receives-setting'],
    breaks: ['events.typing', 'op3.events', 'zulip.events.typing.direct'],
    kills: ['op3.zulip.receives-setting-off'],
  },
  {
    name: 'typing-ignores-send-setting',
    kind: 'permission',
    operations: [TYPING],
    quirks: ['typing-ignores-send-setting'],
    breaks: ['zulip.typing.sender-settings', 'zulip.events.typing.sender-disabled'],
    kills: ['op3.zulip.sender-setting-off'],
  },
];
