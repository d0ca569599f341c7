// Mutants for POST /users/me/status (operation 13).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { accept, isStatusWrite, paramsOf, missingArgument, refuse, statusParam, statusRead } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const STATUS = 'POST /users/me/status';

const has = (req: ProxiedRequest, name: string) => paramsOf(req).has(name);
const callerIs = (req: ProxiedRequest, role: string) =>
  Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
    .toString()
    .startsWith(`${role}@`);

/** A server without the operation: every request to its path is a JSON 404. */
const noSuchEndpoint: Rewrite = {
  answer: (req, a) => {
    if (isStatusWrite(req)) {
      a.status = 404;
      a.json = { result: 'error', msg: 'Not Found', code: 'NOT_FOUND' };
    }
  },
};

/** A server whose away flag leaves presence_enabled alone: POST /register always shows it on. */
const awayNotPresence: Rewrite = {
  answer: (req, a) => {
    const settings = (a.json as Json | undefined)?.user_settings as Json | undefined;
    if (req.method === 'POST' && req.path === '/register' && settings) settings.presence_enabled = true;
  },
};

/** A server with another emoji table: every Unicode emoji name stands for the code point after Zulip's. */
const otherEmojiTable = statusRead((status) => {
  const code = status.emoji_code;
  if (status.reaction_type === 'unicode_emoji' && typeof code === 'string' && /^[0-9a-f]+$/.test(code))
    status.emoji_code = (parseInt(code, 16) + 1).toString(16);
});

export const MUTANTS: Mutant[] = [
  {
    name: 'status-other-emoji-table',
    kind: 'field',
    operations: [STATUS],
    rewrite: otherEmojiTable,
    breaks: ['zulip.status.emoji-names'],
    kills: ['op13.zulip.read-back'],
  },
  // --- status_text ------------------------------------------------------------------------------
  {
    name: 'status-no-length-limit',
    breaks: ['op13.bad-request.too-long'],
    kind: 'limit',
    operations: [STATUS],
    quirks: ['status-no-length-limit'],
    kills: ['op13.bad-request.61-characters', 'op13.bad-request.61-astral-characters', 'op13.zulip.rejected-changes-nothing'],
  },
  {
    name: 'status-length-utf16',
    breaks: ['op13.status-text.limit'],
    kind: 'limit',
    operations: [STATUS],
    quirks: ['status-length-utf16'],
    kills: ['op13.text.60-astral-characters'],
  },
  {
    name: 'status-refuses-valid-text',
    breaks: ['op13.status-text.type', 'op13.status-text.limit'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: refuse(statusParam('status_text')),
    kills: ['op13.text.set', 'op13.text.60-characters', 'op13.text.60-astral-characters'],
  },
  {
    name: 'status-text-required',
    breaks: ['op13.status-text.optional'],
    kind: 'optional',
    operations: [STATUS],
    rewrite: missingArgument((req) => isStatusWrite(req) && !has(req, 'status_text'), 'status_text'),
    kills: ['op13.emoji.name-only', 'op13.emoji.unicode'],
  },
  {
    name: 'status-clear-ignored',
    breaks: ['op13.status-text.clear'],
    kind: 'effect',
    operations: [STATUS],
    quirks: ['status-clear-ignored'],
    kills: ['op13.zulip.clear-text'],
  },
  // --- the other parameters -----------------------------------------------------------------
  { name: 'status-endpoint-missing', breaks: ['op13.endpoint'], kind: 'effect', operations: [STATUS], rewrite: noSuchEndpoint, kills: ['op13.text.set'] },
  {
    name: 'status-text-alone-refused',
    breaks: ['op13.emoji-name.optional', 'op13.emoji-code.optional', 'op13.reaction-type.optional', 'op13.away.optional'],
    kind: 'optional',
    operations: [STATUS],
    rewrite: missingArgument((req) => isStatusWrite(req) && has(req, 'status_text') && !has(req, 'emoji_name') && !has(req, 'away'), 'emoji_name', 'away'),
    kills: ['op13.text.set'],
  },
  {
    // status-refuses-emoji also breaks zulip.status.emoji-names: octopus, a name the fact says Zulip takes, is refused
    name: 'status-refuses-emoji',
    breaks: [
      'zulip.status.emoji-names',
      'op13.emoji-name.type',
      'op13.emoji-code.type',
      'op13.reaction-type.unicode-emoji',
      'op13.reaction-type.realm-emoji',
      'res.user-status',
      'zulip.status.zulip-extra-emoji',
    ],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: refuse((req) => isStatusWrite(req) && (paramsOf(req).get('emoji_name') ?? '') !== ''),
    kills: ['op13.emoji.unicode', 'op13.emoji.name-only', 'op13.realm-emoji', 'op13.zulip.extra-emoji', 'op13.zulip.read-back'],
  },
  {
    name: 'status-refuses-unicode-type',
    breaks: ['op13.reaction-type.unicode-emoji'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: refuse((req) => statusParam('reaction_type', 'unicode_emoji')(req) && has(req, 'emoji_name'), 'Invalid reaction_type'),
    kills: ['op13.emoji.unicode'],
  },
  {
    name: 'status-refuses-realm-emoji',
    breaks: ['op13.reaction-type.realm-emoji'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: refuse(statusParam('reaction_type', 'realm_emoji')),
    kills: ['op13.realm-emoji'],
  },
  {
    // status-refuses-away also breaks zulip.status.away-is-presence: the boolean the fact says sets presence_enabled is refused
    name: 'status-refuses-away',
    breaks: ['op13.away.type', 'op13.away.deprecated', 'op13.away.presence', 'zulip.status.away-is-presence'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: refuse(statusParam('away')),
    kills: ['op13.away.boolean', 'op13.zulip.away-is-presence'],
  },
  {
    name: 'status-accepts-bad-away',
    breaks: ['op13.away.type', 'conv.booleans'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: accept(statusParam('away', 'sometimes')),
    kills: ['op13.bad-request.away-not-boolean'],
  },
  {
    name: 'status-away-not-presence',
    breaks: ['op13.away.presence', 'zulip.status.away-is-presence'],
    kind: 'effect',
    operations: [STATUS],
    rewrite: awayNotPresence,
    kills: ['op13.zulip.away-is-presence'],
  },
  {
    name: 'status-refuses-guests',
    breaks: ['auth.other-permissions'],
    kind: 'permission',
    operations: [STATUS],
    rewrite: refuse((req) => isStatusWrite(req) && callerIs(req, 'guest')),
    kills: ['op13.guest.own-status'],
  },
  // --- the BAD_REQUEST cases ------------------------------------------------------------------
  {
    name: 'status-accept-no-values',
    breaks: ['op13.bad-request.no-values'],
    kind: 'invalid-input',
    operations: [STATUS],
    quirks: ['status-accept-no-values'],
    kills: ['op13.bad-request.no-values', 'op13.bad-request.only-unknown-params'],
  },
  {
    name: 'status-emoji-code-without-name-ok',
    breaks: ['op13.bad-request.code-without-name', 'op13.bad-request.type-without-name'],
    kind: 'invalid-input',
    operations: [STATUS],
    quirks: ['status-emoji-code-without-name-ok'],
    kills: ['op13.bad-request.code-without-name', 'op13.bad-request.type-without-name'],
  },
  {
    name: 'status-code-without-name-ok',
    breaks: ['op13.bad-request.code-without-name'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: accept((req) => isStatusWrite(req) && has(req, 'emoji_code') && !has(req, 'emoji_name')),
    kills: ['op13.bad-request.code-without-name'],
  },
  {
    name: 'status-type-without-name-ok',
    breaks: ['op13.bad-request.type-without-name'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: accept((req) => isStatusWrite(req) && has(req, 'reaction_type') && !has(req, 'emoji_name')),
    kills: ['op13.bad-request.type-without-name'],
  },
  {
    name: 'status-unknown-emoji-ok',
    breaks: ['op13.bad-request.emoji-not-exist'],
    kind: 'invalid-input',
    operations: [STATUS],
    quirks: ['status-unknown-emoji-ok'],
    kills: ['op13.bad-request.unknown-emoji'],
  },
  {
    name: 'status-name-code-mismatch-ok',
    breaks: ['op13.bad-request.invalid-emoji-name'],
    kind: 'invalid-input',
    operations: [STATUS],
    quirks: ['status-name-code-mismatch-ok'],
    kills: ['op13.bad-request.name-code-mismatch'],
  },
  {
    name: 'status-bad-custom-emoji-ok',
    breaks: ['op13.bad-request.invalid-custom-emoji', 'op13.emoji-code.namespace'],
    kind: 'invalid-input',
    operations: [STATUS],
    quirks: ['status-bad-custom-emoji-ok'],
    kills: ['op13.bad-request.invalid-custom-emoji', 'op13.bad-request.code-outside-namespace'],
  },
  // A server that looks a Unicode code up whatever reaction_type says.
  {
    name: 'status-namespace-ignored',
    breaks: ['op13.emoji-code.namespace'],
    kind: 'invalid-input',
    operations: [STATUS],
    rewrite: accept(
      (req) => statusParam('reaction_type', 'realm_emoji')(req) && /^[0-9a-f]{4,5}(-[0-9a-f]{4,5})*$/.test(paramsOf(req).get('emoji_code') ?? ''),
    ),
    kills: ['op13.bad-request.code-outside-namespace'],
  },
  {
    name: 'status-error-code-wrong',
    breaks: [
      'errors.bad-request',
      'op13.bad-request.no-values',
      'op13.bad-request.too-long',
      'op13.bad-request.emoji-not-exist',
      'op13.bad-request.code-without-name',
    ],
    kind: 'error-code',
    operations: [STATUS],
    quirks: ['status-error-code-wrong'],
    kills: ['op13.bad-request.no-values', 'op13.bad-request.61-characters', 'op13.bad-request.unknown-emoji', 'op13.bad-request.code-without-name'],
  },
  // --- effects, read back under the zulip profile ---------------------------------------------
  {
    name: 'status-overwrites-all',
    breaks: ['op13.only-passed-change', 'zulip.status.only-passed-change'],
    kind: 'not-affected',
    operations: [STATUS],
    quirks: ['status-overwrites-all'],
    kills: ['op13.zulip.emoji-keeps-text', 'op13.zulip.text-keeps-emoji'],
  },
  {
    name: 'status-service-extra-emoji',
    breaks: ['zulip.status.zulip-extra-emoji'],
    kind: 'invalid-input',
    operations: [STATUS],
    quirks: ['status-service-extra-emoji'],
    kills: ['op13.zulip.service-extra-rejected'],
  },
  {
    name: 'status-read-loses-fields',
    breaks: ['res.user-status', 'zulip.status.read-shape'],
    kind: 'field',
    operations: [STATUS],
    rewrite: statusRead((s) => {
      delete s.emoji_code;
      delete s.away;
      if (s.reaction_type) s.reaction_type = 'unicode_emoji';
    }),
    kills: ['op13.zulip.read-back', 'op13.zulip.away-is-presence', 'op13.zulip.extra-emoji'],
  },
  // Disputed clauses: under the spec profile the document's reading is a warning, never a
  // failure; a server that follows the document makes the warning disappear.
  {
    name: 'status-service-extra-emoji-spec',
    breaks: ['op13.reaction-type.service-extra'],
    kind: 'invalid-input',
    operations: [STATUS],
    quirks: ['status-service-extra-emoji'],
    profile: 'spec',
    kills: ['op13.reaction-type.service-extra'],
  },
];
