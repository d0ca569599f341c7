// Named faults. Each one is off by default and changes the server at exactly one place,
// so the suite can prove that the check aimed at that place really fails. Each area's folder
// holds its own (`<area>/*.quirks.ts`); the names form a type, so a misspelt name in the server
// does not compile.
import { CONVENTIONS_QUIRKS } from './core/conventions.quirks.js';
import { STATUS_QUIRKS } from './users/status.quirks.js';
import { STREAMS_QUIRKS } from './channels/list.quirks.js';
import { TYPING_QUIRKS } from './events/typing.quirks.js';
import { TOPICS_QUIRKS } from './channels/topics.quirks.js';
import { CHANNELS_QUIRKS } from './channels/channels.quirks.js';
import { GROUPS_QUIRKS } from './users/groups.quirks.js';
import { FOLDERS_QUIRKS } from './channels/folders.quirks.js';
import { VIEWS_SNIPPETS_QUIRKS } from './settings/views-snippets.quirks.js';
import { SETTINGS_QUIRKS } from './settings/settings.quirks.js';
import { USERS_QUIRKS } from './users/users.quirks.js';
import { PUSH_QUIRKS } from './settings/push.quirks.js';
import { MESSAGES_QUIRKS } from './messages/messages.quirks.js';
import { EVENTS_QUIRKS } from './events/events.quirks.js';
import { EVENTS_USERS_QUIRKS } from './users/events.quirks.js';
import { EVENTS_CHANNELS_QUIRKS } from './channels/events.quirks.js';

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

import type { QuirkName, Quirks } from './realm/quirk-set.js';

export type { QuirkName, Quirks };

// The names the ground of the server (realm/quirk-set.ts) knows, from every area's list.
type Registered = Record<keyof typeof QUIRKS, true>;
declare module './realm/quirk-set.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface QuirkRegistry extends Registered {}
}

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
