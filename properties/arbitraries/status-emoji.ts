// Emoji parts of a status update (emoji_name, emoji_code, reaction_type) and the document's
// verdict (operation 13): a known name alone, or with its own code and type, is accepted; a
// code or type without a name, an unknown name, or a name that does not name the code given
// is BAD_REQUEST. Only well-known Unicode emoji, so the verdict holds on any server; no
// service_extra_emoji (disputed: Zulip calls it zulip_extra_emoji) and no custom emoji.
import fc from 'fast-check';

export interface StatusEmoji {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
  valid: boolean;
}

/** Name -> dash-separated hex code points, as Zulip's emoji data has them. */
export const KNOWN_UNICODE_EMOJI: Record<string, string> = {
  smile: '1f604',
  octopus: '1f419',
  tada: '1f389',
  car: '1f697',
  rocket: '1f680',
};

const names = Object.keys(KNOWN_UNICODE_EMOJI);
const knownName = fc.constantFrom(...names);
const unknownName = fc.constantFrom('cf_no_such_emoji', 'smiley_octopus_x', 'zz_unknown');

export const statusEmoji: fc.Arbitrary<StatusEmoji> = fc.oneof(
  knownName.map((n): StatusEmoji => ({ emoji_name: n, valid: true })),
  knownName.map((n): StatusEmoji => ({ emoji_name: n, emoji_code: KNOWN_UNICODE_EMOJI[n], reaction_type: 'unicode_emoji', valid: true })),
  // A name that does not name the code given.
  fc.tuple(knownName, knownName).filter(([a, b]) => a !== b)
    .map(([n, other]): StatusEmoji => ({ emoji_name: n, emoji_code: KNOWN_UNICODE_EMOJI[other], reaction_type: 'unicode_emoji', valid: false })),
  // A code, a type, or both, without a name; with a status text, so the request is not refused
  // merely for passing no new values (a server that ignored the code would then accept it).
  fc.record({ code: fc.option(knownName.map((n) => KNOWN_UNICODE_EMOJI[n]), { nil: undefined }), type: fc.option(fc.constant('unicode_emoji'), { nil: undefined }) })
    .filter(({ code, type }) => code !== undefined || type !== undefined)
    .map(({ code, type }): StatusEmoji => ({
      status_text: 'cf emoji', ...(code !== undefined && { emoji_code: code }), ...(type !== undefined && { reaction_type: type }), valid: false,
    })),
  unknownName.map((n): StatusEmoji => ({ emoji_name: n, valid: false })),
);
