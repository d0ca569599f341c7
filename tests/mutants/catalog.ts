// The mutants: servers that each break the API document in one way, and the cases that must
// catch them. A quirk is a switch inside the reference server; a rewrite is a proxy in front.
// Every case of specs/ must be killed by at least one mutant (mutants.test.ts checks it).
import type { Profile } from '../../src/config.js';
import { paramsOf, type ProxiedAnswer, type ProxiedRequest, type Rewrite } from '../support/rewriting-proxy.js';

export type Kind = 'envelope' | 'field' | 'order' | 'invalid-input' | 'error-code' | 'parameter' | 'permission' | 'effect';

export interface Mutant {
  name: string;
  kind: Kind;
  operations: string[];
  quirks?: string[];
  rewrite?: Rewrite;
  profile?: Profile;
  /** Cases that must fail against this mutant. */
  kills: string[];
}

const STREAMS = 'GET /streams';
const STATUS = 'POST /users/me/status';

type Json = Record<string, unknown>;
const isStreams = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/streams';
const isStatusRead = (req: ProxiedRequest) => req.method === 'GET' && /^\/users\/\d+\/status$/.test(req.path);
const isStatusWrite = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/users/me/status';

/** Applies fn to every channel object of a GET /streams answer. */
function eachChannel(fn: (channel: Json) => void): Rewrite {
  return { answer: (req, a) => { if (isStreams(req)) ((a.json as Json).streams as Json[] | undefined)?.forEach(fn); } };
}
function dropChannels(keep: (channel: Json) => boolean): Rewrite {
  return { answer: (req, a) => { if (isStreams(req) && Array.isArray((a.json as Json).streams)) (a.json as Json).streams = ((a.json as Json).streams as Json[]).filter(keep); } };
}
function forceStreamsParam(name: string, value: string): Rewrite {
  return { request: (req) => { if (isStreams(req)) req.query.set(name, value); } };
}
/** Replays GET /streams with the credentials of the owner (seen on the fixtures' requests). */
function answerAsOwner(): Rewrite {
  let owner: string | undefined;
  return {
    request: (req) => {
      const auth = req.headers.authorization;
      if (auth && Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString().startsWith('owner@')) owner = auth;
      if (isStreams(req) && owner) req.headers.authorization = owner;
    },
  };
}
/** Answers a request matching `when` with a BAD_REQUEST error instead of what the server said. */
function refuse(when: (req: ProxiedRequest) => boolean): Rewrite {
  return { answer: (req, a) => { if (when(req)) { a.status = 400; a.json = { result: 'error', msg: 'Refused by mutant', code: 'BAD_REQUEST' }; } } };
}
/** Answers a request matching `when` with success, whatever the server said. */
function accept(when: (req: ProxiedRequest) => boolean): Rewrite {
  return { answer: (req, a) => { if (when(req)) { a.status = 200; a.json = { result: 'success', msg: '' }; } } };
}
function statusRead(fn: (status: Json) => void): Rewrite {
  return { answer: (req, a: ProxiedAnswer) => { if (isStatusRead(req)) fn(((a.json as Json).status ?? {}) as Json); } };
}
const statusParam = (name: string, value?: string) => (req: ProxiedRequest) =>
  isStatusWrite(req) && paramsOf(req).has(name) && (value === undefined || paramsOf(req).get(name) === value);

export const MUTANTS: Mutant[] = [
  // --- envelope, conventions -------------------------------------------------------------
  // Fixtures are judged too: a server without msg anywhere errors every case of a spec file with
  // fixtures ("could not judge"), so the op20 cases are shown failing by a proxy touching GET /streams only.
  { name: 'envelope-no-msg', kind: 'envelope', operations: [STATUS], quirks: ['envelope-no-msg'],
    kills: ['op13.text.set', 'op13.away.boolean'] },
  { name: 'streams-envelope-no-msg', kind: 'envelope', operations: [STREAMS],
    rewrite: { answer: (req, a) => { if (isStreams(req)) delete (a.json as Json).msg; } },
    kills: ['op20.body.schema', 'op20.base-path'] },
  { name: 'error-without-code', kind: 'envelope', operations: [STREAMS, STATUS], quirks: ['error-without-code'],
    kills: ['op20.bad-boolean', 'op13.bad-request.no-values', 'op13.bad-request.61-characters'] },
  { name: 'html-error-pages', kind: 'envelope', operations: [STREAMS],
    rewrite: { answer: (req, a) => { if (isStreams(req)) { a.status = 502; a.raw = '<html><body>Bad gateway</body></html>'; a.headers['content-type'] = 'text/html'; } } },
    kills: ['op20.base-path', 'op20.body.schema'] },
  { name: 'ignored-params-missing', kind: 'parameter', operations: [STREAMS, STATUS], quirks: ['ignored-params-missing'],
    kills: ['op20.ignored-params', 'op13.ignored-params'] },
  { name: 'ignored-params-wrong', kind: 'parameter', operations: [STREAMS, STATUS], quirks: ['ignored-params-wrong'],
    kills: ['op20.ignored-params', 'op13.ignored-params'] },
  { name: 'auth-accepts-bad-key', kind: 'permission', operations: [STREAMS], quirks: ['auth-accepts-bad-key'], kills: ['op20.zulip.wrong-key'] },
  { name: 'auth-200-on-bad-key', kind: 'error-code', operations: [STREAMS], quirks: ['auth-200-on-bad-key'], kills: ['op20.zulip.wrong-key'] },
  { name: 'auth-400-not-401', kind: 'error-code', operations: [STREAMS],
    rewrite: { answer: (_, a) => { if (a.status === 401) a.status = 400; } },
    kills: ['op20.zulip.no-credentials', 'op20.zulip.wrong-key'] },

  // --- GET /streams ------------------------------------------------------------------------
  { name: 'streams-missing-field', kind: 'field', operations: [STREAMS], quirks: ['streams-missing-field'],
    kills: ['op20.body.schema', 'op20.body.schema-admin-all', 'op20.object.identity'] },
  { name: 'streams-wrong-type', kind: 'field', operations: [STREAMS], quirks: ['streams-wrong-type'],
    kills: ['op20.body.schema', 'op20.body.schema-admin-all'] },
  { name: 'streams-creator-zero', kind: 'field', operations: [STREAMS], quirks: ['streams-creator-zero'],
    kills: ['op20.body.schema', 'op20.body.schema-admin-all'] },
  { name: 'streams-unsorted', kind: 'order', operations: [STREAMS], quirks: ['streams-unsorted'], kills: ['op20.zulip.sorted-by-name'] },
  { name: 'streams-ignore-include-public', kind: 'parameter', operations: [STREAMS], quirks: ['streams-ignore-include-public'],
    kills: ['op20.include-public.false', 'op20.include-subscribed.false', 'op20.include-web-public.true'] },
  { name: 'streams-ignore-include-subscribed', kind: 'parameter', operations: [STREAMS], quirks: ['streams-ignore-include-subscribed'],
    kills: ['op20.include-subscribed.false'] },
  { name: 'streams-include-archived', kind: 'parameter', operations: [STREAMS], quirks: ['streams-include-archived'], kills: ['op20.exclude-archived.default'] },
  { name: 'streams-archived-never-listed', kind: 'parameter', operations: [STREAMS], rewrite: forceStreamsParam('exclude_archived', 'true'),
    kills: ['op20.exclude-archived.false', 'op20.object.flags'] },
  { name: 'streams-ignore-include-web-public', kind: 'parameter', operations: [STREAMS], quirks: ['streams-ignore-include-web-public'],
    kills: ['op20.include-web-public.true'] },
  { name: 'streams-ignore-include-all', kind: 'parameter', operations: [STREAMS], quirks: ['streams-ignore-include-all'],
    kills: ['op20.include-all.admin', 'op20.include-all-active.admin'] },
  { name: 'streams-include-all-leaks-private', kind: 'permission', operations: [STREAMS], quirks: ['streams-include-all-leaks-private'],
    kills: ['op20.include-all.member-no-leak', 'op20.include-all-active.member-alias'] },
  { name: 'streams-ignore-include-default', kind: 'parameter', operations: [STREAMS], quirks: ['streams-ignore-include-default'], kills: ['op20.include-default.true'] },
  { name: 'streams-include-default-always', kind: 'parameter', operations: [STREAMS], rewrite: forceStreamsParam('include_default', 'true'),
    kills: ['op20.include-default.false'] },
  { name: 'streams-ignore-include-can-access-content', kind: 'parameter', operations: [STREAMS], quirks: ['streams-ignore-include-can-access-content'],
    kills: ['op20.include-can-access-content.true'] },
  { name: 'streams-bad-boolean-accepted', kind: 'invalid-input', operations: [STREAMS], quirks: ['streams-bad-boolean-accepted'],
    kills: ['op20.bad-boolean', 'op20.zulip.error-status'] },
  { name: 'streams-admin-only-include-all-active', kind: 'permission', operations: [STREAMS], quirks: ['streams-admin-only-include-all-active'],
    kills: ['op20.include-all-active.member-alias'] },
  { name: 'streams-answers-as-owner', kind: 'permission', operations: [STREAMS],
    // A server that ignores who is asking: every GET /streams is answered as for the owner.
    rewrite: answerAsOwner(),
    kills: ['op20.default.private-unsubscribed-hidden', 'op20.include-all.member-no-leak', 'op20.include-all.admin-default-hidden', 'op20.zulip.guest-no-public'] },
  { name: 'streams-hides-public-unsubscribed', kind: 'parameter', operations: [STREAMS],
    rewrite: dropChannels((c) => !String(c.name).endsWith(' public')),
    kills: ['op20.default.public-unsubscribed', 'op20.include-can-access-content.true', 'op20.object.identity'] },
  { name: 'streams-hides-private', kind: 'permission', operations: [STREAMS],
    rewrite: dropChannels((c) => c.invite_only !== true),
    kills: ['op20.default.subscribed-private', 'op20.include-public.false', 'op20.object.first-message-id'] },
  { name: 'streams-flags-inverted', kind: 'field', operations: [STREAMS],
    rewrite: eachChannel((c) => { c.invite_only = !c.invite_only; c.is_web_public = !c.is_web_public; c.is_archived = !c.is_archived; }),
    kills: ['op20.object.flags', 'op20.object.web-public-flag', 'op20.exclude-archived.default', 'op20.exclude-archived.false'] },
  { name: 'streams-first-message-id-null', kind: 'field', operations: [STREAMS], rewrite: eachChannel((c) => { c.first_message_id = null; }),
    kills: ['op20.object.first-message-id'] },
  { name: 'streams-history-private', kind: 'field', operations: [STREAMS], rewrite: eachChannel((c) => { c.history_public_to_subscribers = 'yes'; }),
    kills: ['op20.object.history-public', 'op20.body.schema'] },
  { name: 'streams-folder-id-missing', kind: 'field', operations: [STREAMS], rewrite: eachChannel((c) => { delete c.folder_id; }),
    kills: ['op20.object.folder-id'] },
  { name: 'streams-topics-policy-unknown', kind: 'field', operations: [STREAMS], rewrite: eachChannel((c) => { c.topics_policy = 'open'; }),
    kills: ['op20.object.topics-policy', 'op20.body.schema'] },
  { name: 'streams-identity-wrong', kind: 'field', operations: [STREAMS], rewrite: eachChannel((c) => { c.creator_id = null; }),
    kills: ['op20.object.identity'] },

  // --- POST /users/me/status -----------------------------------------------------------------
  { name: 'status-no-length-limit', kind: 'invalid-input', operations: [STATUS], quirks: ['status-no-length-limit'],
    kills: ['op13.bad-request.61-characters', 'op13.bad-request.61-astral-characters', 'op13.zulip.rejected-changes-nothing'] },
  { name: 'status-length-utf16', kind: 'invalid-input', operations: [STATUS], quirks: ['status-length-utf16'], kills: ['op13.text.60-astral-characters'] },
  { name: 'status-accept-no-values', kind: 'invalid-input', operations: [STATUS], quirks: ['status-accept-no-values'],
    kills: ['op13.bad-request.no-values', 'op13.bad-request.only-unknown-params'] },
  { name: 'status-emoji-code-without-name-ok', kind: 'invalid-input', operations: [STATUS], quirks: ['status-emoji-code-without-name-ok'],
    kills: ['op13.bad-request.code-without-name', 'op13.bad-request.type-without-name'] },
  { name: 'status-unknown-emoji-ok', kind: 'invalid-input', operations: [STATUS], quirks: ['status-unknown-emoji-ok'], kills: ['op13.bad-request.unknown-emoji'] },
  { name: 'status-name-code-mismatch-ok', kind: 'invalid-input', operations: [STATUS], quirks: ['status-name-code-mismatch-ok'], kills: ['op13.bad-request.name-code-mismatch'] },
  { name: 'status-bad-custom-emoji-ok', kind: 'invalid-input', operations: [STATUS], quirks: ['status-bad-custom-emoji-ok'], kills: ['op13.bad-request.invalid-custom-emoji'] },
  { name: 'status-error-code-wrong', kind: 'error-code', operations: [STATUS], quirks: ['status-error-code-wrong'],
    kills: ['op13.bad-request.no-values', 'op13.bad-request.61-characters', 'op13.bad-request.unknown-emoji', 'op13.bad-request.code-without-name'] },
  { name: 'status-overwrites-all', kind: 'effect', operations: [STATUS], quirks: ['status-overwrites-all'],
    kills: ['op13.zulip.emoji-keeps-text', 'op13.zulip.text-keeps-emoji'] },
  { name: 'status-clear-ignored', kind: 'effect', operations: [STATUS], quirks: ['status-clear-ignored'], kills: ['op13.zulip.clear-text'] },
  { name: 'status-service-extra-emoji', kind: 'invalid-input', operations: [STATUS], quirks: ['status-service-extra-emoji'], kills: ['op13.zulip.service-extra-rejected'] },
  { name: 'status-refuses-valid-text', kind: 'invalid-input', operations: [STATUS], rewrite: refuse(statusParam('status_text')),
    kills: ['op13.text.set', 'op13.text.60-characters', 'op13.text.60-astral-characters', 'op13.guest.own-status', 'op13.ignored-params'] },
  { name: 'status-refuses-emoji', kind: 'invalid-input', operations: [STATUS], rewrite: refuse(statusParam('emoji_name')),
    kills: ['op13.emoji.unicode', 'op13.emoji.name-only', 'op13.zulip.extra-emoji', 'op13.zulip.read-back'] },
  { name: 'status-refuses-away', kind: 'invalid-input', operations: [STATUS], rewrite: refuse(statusParam('away')),
    kills: ['op13.away.boolean', 'op13.zulip.away-read-back'] },
  { name: 'status-accepts-bad-away', kind: 'invalid-input', operations: [STATUS], rewrite: accept(statusParam('away', 'sometimes')),
    kills: ['op13.bad-request.away-not-boolean'] },
  { name: 'status-read-loses-fields', kind: 'effect', operations: [STATUS],
    rewrite: statusRead((s) => { delete s.emoji_code; delete s.away; if (s.reaction_type) s.reaction_type = 'unicode_emoji'; }),
    kills: ['op13.zulip.read-back', 'op13.zulip.away-read-back', 'op13.zulip.extra-emoji'] },
  // Disputed clauses: under the spec profile the document's reading is a warning, never a
  // failure; a server that follows the document makes the warning disappear.
  { name: 'status-service-extra-emoji-spec', kind: 'invalid-input', operations: [STATUS], quirks: ['status-service-extra-emoji'],
    profile: 'spec', kills: ['op13.reaction-type.service-extra'] },
  { name: 'streams-admin-only-include-all-active-spec', kind: 'permission', operations: [STREAMS], quirks: ['streams-admin-only-include-all-active'],
    profile: 'spec', kills: ['op20.include-all-active.member-refused'] },
];
