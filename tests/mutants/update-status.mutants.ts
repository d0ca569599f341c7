// Mutants for POST /users/me/status (operation 13).
import type { Mutant } from '../support/mutant-helpers.js';
import { refuse, accept, statusRead, statusParam } from '../support/mutant-helpers.js';

const STATUS = 'POST /users/me/status';

export const MUTANTS: Mutant[] = [
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
];
