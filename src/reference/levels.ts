// Every area's level table in one (core/levels.ts explains what the tables say). The suite's own
// tests read it to check that every case touching a versioned statement says `since:`.
import { mergeTables } from './core/levels.js';
import { CONVENTIONS_LEVELS } from './core/conventions.levels.js';
import { CHANNELS_LEVELS } from './channels/channels.levels.js';
import { EVENTS_LEVELS } from './events/events.levels.js';
import { MESSAGES_LEVELS } from './messages/messages.levels.js';
import { SETTINGS_LEVELS } from './settings/settings.levels.js';
import { USERS_LEVELS } from './users/users.levels.js';

export const LEVEL_TABLE = mergeTables([CONVENTIONS_LEVELS, CHANNELS_LEVELS, EVENTS_LEVELS, MESSAGES_LEVELS, SETTINGS_LEVELS, USERS_LEVELS]);
