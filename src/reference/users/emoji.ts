// A small slice of Zulip's emoji data: enough names to exercise every status-emoji rule.
// Zulip names emoji its own way (tools/setup/emoji/emoji_names.py, fact zulip.status.emoji-names):
// its "smile" is U+263A, and U+1F604 is "big_smile".
import type { RealmEmoji } from '../realm/model.js';

/** Unicode emoji: name -> dash-separated hex code points (Zulip's `emoji_code`). */
const UNICODE_EMOJI: Record<string, string> = {
  smile: '263a',
  relaxed: '263a', // an alias of smile
  big_smile: '1f604',
  heart: '2764',
  octopus: '1f419',
  tada: '1f389',
  coffee: '2615',
  car: '1f697',
  rocket: '1f680',
  thumbs_up: '1f44d',
  '+1': '1f44d', // an alias: two names, one code, as in Zulip's table
  computer: '1f4bb',
  palm_tree: '1f334',
  house: '1f3e0',
};

const KNOWN_CODES = new Set(Object.values(UNICODE_EMOJI));

/** The realm's custom emoji at its start: one, with no recorded author. */
export const seedRealmEmoji = (): RealmEmoji[] => [{ id: '1', name: 'green_tick', deactivated: false, authorId: null }];

export const ZULIP_EXTRA_EMOJI = 'zulip';

export interface EmojiData {
  code: string;
  type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';
}

/** Resolves a name the way Zulip does: realm emoji first, then `zulip`, then unicode. */
export function emojiByName(realm: { realmEmoji: RealmEmoji[] }, name: string): EmojiData | undefined {
  const custom = realm.realmEmoji.find((e) => e.name === name && !e.deactivated);
  if (custom) return { code: custom.id, type: 'realm_emoji' };
  if (name === ZULIP_EXTRA_EMOJI) return { code: name, type: 'zulip_extra_emoji' };
  if (Object.hasOwn(UNICODE_EMOJI, name)) return { code: UNICODE_EMOJI[name], type: 'unicode_emoji' };
  return undefined;
}

export function unicodeCodeOf(name: string): string | undefined {
  return Object.hasOwn(UNICODE_EMOJI, name) ? UNICODE_EMOJI[name] : undefined;
}

export function isUnicodeCode(code: string): boolean {
  return KNOWN_CODES.has(code);
}

export function realmEmojiById(realm: { realmEmoji: RealmEmoji[] }, id: string): RealmEmoji | undefined {
  return realm.realmEmoji.find((e) => e.id === id);
}

/** Whether a name is one of the built-in (unicode) emoji names. */
export const isBuiltInEmojiName = (name: string) => Object.hasOwn(UNICODE_EMOJI, name) || name === ZULIP_EXTRA_EMOJI;
