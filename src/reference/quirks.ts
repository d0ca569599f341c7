// Named faults. Each one is off by default and changes the server at exactly one place,
// so the suite can prove that the check aimed at that place really fails. One file per area
// (quirks/*.ts); the names form a type, so a misspelt name in the server does not compile.
import { CONVENTIONS_QUIRKS } from './quirks/conventions.js';
import { STATUS_QUIRKS } from './quirks/status.js';
import { STREAMS_QUIRKS } from './quirks/streams.js';
import { TYPING_QUIRKS } from './quirks/typing.js';
import { TOPICS_QUIRKS } from './quirks/topics.js';
import { CHANNELS_QUIRKS } from './quirks/channels.js';
import { GROUPS_QUIRKS } from './quirks/groups.js';
import { FOLDERS_QUIRKS } from './quirks/folders.js';
import { VIEWS_SNIPPETS_QUIRKS } from './quirks/views-snippets.js';
import { SETTINGS_QUIRKS } from './quirks/settings.js';
import { USERS_QUIRKS } from './quirks/users.js';
import { PUSH_QUIRKS } from './quirks/push.js';
import { MESSAGES_QUIRKS } from './quirks/messages.js';
import { EVENTS_QUIRKS } from './quirks/events.js';
import { EVENTS_USERS_QUIRKS } from './quirks/events-users.js';
import { EVENTS_CHANNELS_QUIRKS } from './quirks/events-channels.js';

export const QUIRKS = {
  ...CONVENTIONS_QUIRKS,
  ...STATUS_QUIRKS,
  ...STREAMS_QUIRKS,
  ...TYPING_QUIRKS,
  ...TOPICS_QUIRKS,
  ...CHANNELS_QUIRKS,
  ...GROUPS_QUIRKS,
  ...FOLDERS_QUIRKS,
  ...VIEWS_SNIPPETS_QUIRKS,
  ...SETTINGS_QUIRKS,
  ...USERS_QUIRKS,
  ...PUSH_QUIRKS,
  ...MESSAGES_QUIRKS,
  ...EVENTS_QUIRKS,
  ...EVENTS_USERS_QUIRKS,
  ...EVENTS_CHANNELS_QUIRKS,
} as const;

export type QuirkName = keyof typeof QUIRKS;

export type Quirks = ReadonlySet<QuirkName>;

export const isQuirkName = (name: string): name is QuirkName => Object.hasOwn(QUIRKS, name);

/** Validates the requested quirk names; an unknown name is a configuration mistake. */
export function parseQuirks(names: readonly string[] = []): Quirks {
  for (const name of names) {
    if (!isQuirkName(name)) {
      throw new Error(`Unknown reference-server quirk: ${name} (known: ${Object.keys(QUIRKS).join(', ')})`);
    }
  }
  return new Set(names as QuirkName[]);
}
