// Mutants for POST /typing (operation 3) and its events.
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest } from '../support/rewriting-proxy.js';

const TYPING = 'POST /typing';
const isTyping = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/typing';
const typeOf = (req: ProxiedRequest) => paramsOf(req).get('type') ?? 'direct';
const isChannelTyping = (req: ProxiedRequest) => isTyping(req) && ['stream', 'channel'].includes(typeOf(req));
const isDirectTyping = (req: ProxiedRequest) => isTyping(req) && typeOf(req) === 'direct';
const lacks = (name: string) => (req: ProxiedRequest) => !paramsOf(req).has(name);

export const MUTANTS: Mutant[] = [
  { name: 'typing-refuses-direct', kind: 'invalid-input', operations: [TYPING], rewrite: refuse(isDirectTyping),
    kills: ['op3.direct.start', 'op3.direct.stop', 'op3.zulip.direct-event', 'op3.zulip.stop-event'] },
  { name: 'typing-refuses-channel', kind: 'invalid-input', operations: [TYPING], rewrite: refuse(isChannelTyping),
    kills: ['op3.channel.start', 'op3.stream.stop', 'op3.channel.no-topic', 'op3.zulip.channel-event'] },
  { name: 'typing-accepts-private', kind: 'invalid-input', operations: [TYPING], quirks: ['typing-accepts-private'], kills: ['op3.type.private-rejected'] },
  { name: 'typing-accepts-without-op', kind: 'invalid-input', operations: [TYPING], rewrite: accept((r) => isTyping(r) && lacks('op')(r)), kills: ['op3.op.missing'] },
  { name: 'typing-accepts-unknown-op', kind: 'invalid-input', operations: [TYPING], rewrite: accept((r) => isTyping(r) && paramsOf(r).get('op') === 'pause'),
    kills: ['op3.op.invalid'] },
  { name: 'typing-accepts-without-to', kind: 'invalid-input', operations: [TYPING], rewrite: accept((r) => isDirectTyping(r) && lacks('to')(r)),
    kills: ['op3.direct.to-missing'] },
  { name: 'typing-accepts-without-topic', kind: 'invalid-input', operations: [TYPING], rewrite: accept((r) => isChannelTyping(r) && lacks('topic')(r)),
    kills: ['op3.channel.missing-topic'] },
  { name: 'typing-missing-stream-id-code', kind: 'error-code', operations: [TYPING], quirks: ['typing-missing-stream-id-code'],
    kills: ['op3.channel.missing-stream-id'] },
  { name: 'register-without-typing-intervals', kind: 'field', operations: [TYPING],
    rewrite: { answer: (req, a) => { if (req.path === '/register') delete (a.json as Json).server_typing_stopped_wait_period_milliseconds; } },
    kills: ['op3.limits.typing-intervals'] },
  { name: 'typing-no-event', kind: 'effect', operations: [TYPING], quirks: ['typing-no-event'],
    kills: ['op3.zulip.direct-event', 'op3.zulip.stop-event', 'op3.zulip.channel-event', 'op3.zulip.no-topic-event', 'op3.zulip.channel-needs-capability'] },
  { name: 'typing-event-without-recipients', kind: 'field', operations: [TYPING],
    rewrite: { answer: (req, a) => { if (req.path === '/events') ((a.json as Json).events as Json[] | undefined)?.forEach((e) => delete e.recipients); } },
    kills: ['op3.zulip.direct-event'] },
  { name: 'typing-ignores-capability', kind: 'effect', operations: [TYPING], quirks: ['typing-ignores-capability'], kills: ['op3.zulip.channel-needs-capability'] },
  { name: 'typing-no-topic-literal', kind: 'invalid-input', operations: [TYPING], quirks: ['typing-no-topic-literal'], kills: ['op3.zulip.no-topic-event'] },
  { name: 'typing-ignores-receives-setting', kind: 'effect', operations: [TYPING], quirks: ['typing-ignores-receives-setting'],
    kills: ['op3.zulip.receives-setting-off'] },
  { name: 'typing-ignores-send-setting', kind: 'permission', operations: [TYPING], quirks: ['typing-ignores-send-setting'], kills: ['op3.zulip.sender-setting-off'] },
  // The disputed message: a server that answers the document's text makes the warning go away.
  { name: 'typing-document-missing-stream-id-msg', kind: 'error-code', operations: [TYPING], profile: 'spec',
    rewrite: { answer: (req, a) => { if (isChannelTyping(req) && lacks('stream_id')(req)) (a.json as Json).msg = 'Missing channel ID'; } },
    kills: ['op3.channel.missing-stream-id.document-msg'] },
];
