// Mutants for POST /users/me/status (operation 13).
import type { Mutant } from '../support/mutant-helpers.js';
import { refuse, accept, statusRead, statusParam } from '../support/mutant-helpers.js';

const STATUS = 'POST /users/me/status';

export const MUTANTS: Mutant[] = [
  { name: 'status-no-length-limit', breaks: ['op13.bad-request.too-long'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-no-length-limit'],
    kills: ['op13.bad-request.61-characters', 'op13.bad-request.61-astral-characters', 'op13.zulip.rejected-changes-nothing'] },
  { name: 'status-length-utf16', breaks: ['op13.status-text'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-length-utf16'], kills: ['op13.text.60-astral-characters'] },
  { name: 'status-accept-no-values', breaks: ['op13.bad-request.no-values'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-accept-no-values'],
    kills: ['op13.bad-request.no-values', 'op13.bad-request.only-unknown-params'] },
  { name: 'status-emoji-code-without-name-ok', breaks: ['op13.bad-request.emoji-without-name'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-emoji-code-without-name-ok'],
    kills: ['op13.bad-request.code-without-name', 'op13.bad-request.type-without-name'] },
  { name: 'status-unknown-emoji-ok', breaks: ['op13.bad-request.emoji-not-exist'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-unknown-emoji-ok'], kills: ['op13.bad-request.unknown-emoji'] },
  { name: 'status-name-code-mismatch-ok', breaks: ['op13.bad-request.invalid-emoji-name'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-name-code-mismatch-ok'], kills: ['op13.bad-request.name-code-mismatch'] },
  { name: 'status-bad-custom-emoji-ok', breaks: ['op13.bad-request.invalid-custom-emoji'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-bad-custom-emoji-ok'], kills: ['op13.bad-request.invalid-custom-emoji'] },
  { name: 'status-error-code-wrong', breaks: ['errors.bad-request', 'op13.bad-request.no-values', 'op13.bad-request.too-long', 'op13.bad-request.emoji-not-exist', 'op13.bad-request.emoji-without-name'], kind: 'error-code', operations: [STATUS], quirks: ['status-error-code-wrong'],
    kills: ['op13.bad-request.no-values', 'op13.bad-request.61-characters', 'op13.bad-request.unknown-emoji', 'op13.bad-request.code-without-name'] },
  { name: 'status-overwrites-all', breaks: ['op13.only-passed-change'], kind: 'effect', operations: [STATUS], quirks: ['status-overwrites-all'],
    kills: ['op13.zulip.emoji-keeps-text', 'op13.zulip.text-keeps-emoji'] },
  { name: 'status-clear-ignored', breaks: ['op13.status-text.clear'], kind: 'effect', operations: [STATUS], quirks: ['status-clear-ignored'], kills: ['op13.zulip.clear-text'] },
  { name: 'status-service-extra-emoji', breaks: ['zulip.status.zulip-extra-emoji'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-service-extra-emoji'], kills: ['op13.zulip.service-extra-rejected'] },
  { name: 'status-refuses-valid-text', breaks: ['op13.status-text'], kind: 'invalid-input', operations: [STATUS], rewrite: refuse(statusParam('status_text')),
    kills: ['op13.text.set', 'op13.text.60-characters', 'op13.text.60-astral-characters', 'op13.guest.own-status'] },
  { name: 'status-refuses-emoji', breaks: ['op13.emoji', 'zulip.status.zulip-extra-emoji', 'zulip.status.read-shape'], kind: 'invalid-input', operations: [STATUS], rewrite: refuse(statusParam('emoji_name')),
    kills: ['op13.emoji.unicode', 'op13.emoji.name-only', 'op13.zulip.extra-emoji', 'op13.zulip.read-back'] },
  { name: 'status-refuses-away', breaks: ['op13.away'], kind: 'invalid-input', operations: [STATUS], rewrite: refuse(statusParam('away')),
    kills: ['op13.away.boolean', 'op13.zulip.away-read-back'] },
  { name: 'status-accepts-bad-away', breaks: ['op13.away', 'conv.booleans'], kind: 'invalid-input', operations: [STATUS], rewrite: accept(statusParam('away', 'sometimes')),
    kills: ['op13.bad-request.away-not-boolean'] },
  { name: 'status-read-loses-fields', breaks: ['zulip.status.read-shape'], kind: 'effect', operations: [STATUS],
    rewrite: statusRead((s) => { delete s.emoji_code; delete s.away; if (s.reaction_type) s.reaction_type = 'unicode_emoji'; }),
    kills: ['op13.zulip.read-back', 'op13.zulip.away-read-back', 'op13.zulip.extra-emoji'] },
  // Disputed clauses: under the spec profile the document's reading is a warning, never a
  // failure; a server that follows the document makes the warning disappear.
  { name: 'status-service-extra-emoji-spec', breaks: ['op13.reaction-type.service-extra'], kind: 'invalid-input', operations: [STATUS], quirks: ['status-service-extra-emoji'],
    profile: 'spec', kills: ['op13.reaction-type.service-extra'] },
];
