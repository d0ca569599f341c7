// The emoji rules of a status update, in Zulip's order: derive missing code/type from the
// name, then check that name, code and type agree.
import { ApiError, badRequest } from '../core/errors.js';
import { emojiByName, isUnicodeCode, realmEmojiById, unicodeCodeOf, ZULIP_EXTRA_EMOJI } from './emoji.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Realm } from '../realm/model.js';

export interface EmojiChange {
  name: string;
  code: string;
  type: string;
}

/** Resolves the emoji part of a request; undefined when the emoji is not to change. */
export function resolveStatusEmoji(
  realm: Realm,
  name: string | undefined,
  code: string | undefined,
  type: string | undefined,
  quirks: Quirks,
): EmojiChange | undefined {
  if (name === undefined) {
    // Zulip tests truthiness here: an empty emoji_code alone is harmless.
    if ((code || type) && !quirks.has('status-emoji-code-without-name-ok')) {
      throw badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
    }
    return undefined;
  }
  if (name === '') return { name: '', code: '', type: 'unicode_emoji' }; // clears the emoji
  if (code === undefined || type === undefined) {
    const known = emojiByName(realm, name);
    if (!known) {
      if (!quirks.has('status-unknown-emoji-ok')) throw badRequest(`Emoji '${name}' does not exist`);
      return { name, code: code ?? name, type: type ?? 'unicode_emoji' };
    }
    code ??= known.code;
    type ??= known.type;
  }
  checkEmoji(realm, name, code, type, quirks);
  return { name, code, type };
}

function checkEmoji(realm: Realm, name: string, code: string, type: string, quirks: Quirks): void {
  const extraTypes = quirks.has('status-service-extra-emoji') ? ['zulip_extra_emoji', 'service_extra_emoji'] : ['zulip_extra_emoji'];
  if (type === 'realm_emoji') {
    if (quirks.has('status-bad-custom-emoji-ok')) return;
    const custom = realmEmojiById(realm, code);
    if (!custom) throw badRequest('Invalid custom emoji.');
    if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
    if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
  } else if (extraTypes.includes(type)) {
    if (code !== ZULIP_EXTRA_EMOJI) throw badRequest('Invalid emoji code.');
    if (name !== code) throw badRequest('Invalid emoji name.');
  } else if (type === 'unicode_emoji') {
    if (quirks.has('status-name-code-mismatch-ok')) return;
    if (!isUnicodeCode(code)) throw badRequest('Invalid emoji code.');
    if (unicodeCodeOf(name) !== code) throw badRequest('Invalid emoji name.');
  } else {
    // The document's `service_extra_emoji` is not a type the Zulip server knows.
    throw badRequest('Invalid emoji type.');
  }
}

/** The status-error-code-wrong quirk: same message, wrong code. */
export function withStatusErrorCode(err: unknown, quirks: Quirks): unknown {
  if (err instanceof ApiError && err.status === 400 && quirks.has('status-error-code-wrong')) {
    return new ApiError(err.status, 'INVALID_STATUS', err.message, err.extra, err.headers);
  }
  return err;
}
