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
  /** The clause of operation 13 that decides the verdict. */
  clause: string;
}

/**
 * Name -> dash-separated hex code points, as Zulip's emoji data has them. Only names whose code is
 * the same in Zulip's data and in gemoji: Zulip's "smile" is U+263A, not U+1F604 (its big_smile),
 * so smile is left out (fact zulip.status.emoji-names).
 */
export const KNOWN_UNICODE_EMOJI: Record<string, string> = {
  octopus: '1f419',
  tada: '1f389',
  car: '1f697',
  rocket: '1f680',
};

const names = Object.keys(KNOWN_UNICODE_EMOJI);
const knownName = fc.constantFrom(...names);
const unknownName = fc.constantFrom('cf_no_such_emoji', 'smiley_octopus_x', 'zz_unknown');

export const statusEmoji: fc.Arbitrary<StatusEmoji> = fc.oneof(
  knownName.map((n): StatusEmoji => ({ emoji_name: n, valid: true, clause: 'op13.emoji-name.type' })),
  knownName.map((n): StatusEmoji => ({
    emoji_name: n,
    emoji_code: KNOWN_UNICODE_EMOJI[n],
    reaction_type: 'unicode_emoji',
    valid: true,
    clause: 'op13.reaction-type.unicode-emoji',
  })),
  // A name that does not name the code given.
  fc
    .tuple(knownName, knownName)
    .filter(([a, b]) => a !== b)
    .map(([n, other]): StatusEmoji => ({
      emoji_name: n,
      emoji_code: KNOWN_UNICODE_EMOJI[other],
      reaction_type: 'unicode_emoji',
      valid: false,
      clause: 'op13.bad-request.invalid-emoji-name',
    })),
  // A code, a type, or both, without a name; with a status text, so the request is not refused
  // merely for passing no new values (a server that ignored the code would then accept it).
  fc
    .record({
      code: fc.option(
        knownName.map((n) => KNOWN_UNICODE_EMOJI[n]),
        { nil: undefined },
      ),
      type: fc.option(fc.constant('unicode_emoji'), { nil: undefined }),
    })
    .filter(({ code, type }) => code !== undefined || type !== undefined)
    .map(({ code, type }): StatusEmoji => ({
      status_text: 'cf emoji',
      ...(code !== undefined && { emoji_code: code }),
      ...(type !== undefined && { reaction_type: type }),
      valid: false,
      clause: code !== undefined ? 'op13.bad-request.code-without-name' : 'op13.bad-request.type-without-name',
    })),
  unknownName.map((n): StatusEmoji => ({ emoji_name: n, valid: false, clause: 'op13.bad-request.emoji-not-exist' })),
);
