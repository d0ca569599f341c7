// What the settings area's operations gained level by level (core/levels.ts reads these tables).
// The personal settings and the organisation settings carry their own level in their tables
// (settings-table.ts, organisation.ts); this file turns those into parameters and fields.
import type { Level, LevelTable } from '../core/levels.js';
import { REPLACED_SETTINGS, SETTINGS as ORGANISATION_SETTINGS, SPECTATOR_ACCESS } from './organisation.js';
import { REALM_DEFAULT_SETTINGS, SETTINGS } from './settings-table.js';

/** Level 80 merged the display and notification settings into PATCH /settings. */
const MERGED_INTO_PATCH_SETTINGS = 80;

const levelsOf = <T>(rows: readonly T[], name: (row: T) => string, level: (row: T) => number | undefined): Record<string, Level> =>
  Object.fromEntries(rows.flatMap((row) => (level(row) === undefined ? [] : [[name(row), level(row)!]])));

const personal = levelsOf(
  SETTINGS,
  (s) => s.name,
  (s) => s.since,
);
const viaPatchSettings = levelsOf(
  SETTINGS,
  (s) => s.name,
  (s) => Math.max(MERGED_INTO_PATCH_SETTINGS, s.since ?? 0),
);
const defaults = levelsOf(
  REALM_DEFAULT_SETTINGS,
  (s) => s.name,
  (s) => s.defaultsSince ?? s.since,
);
const organisation = levelsOf(
  ORGANISATION_SETTINGS,
  (s) => s.param,
  (s) => s.since,
);

export const SETTINGS_LEVELS: LevelTable = {
  endpoints: {
    'PATCH /realm/user_settings_defaults': 96,
    'GET /drafts': 87,
    'POST /drafts': 87,
    'DELETE /drafts/{draft_id}': 87,
    'GET /saved_snippets': 297,
    'POST /saved_snippets': 297,
    'DELETE /saved_snippets/{saved_snippet_id}': 297,
    'PATCH /saved_snippets/{saved_snippet_id}': 368,
    'GET /navigation_views': 390,
    'POST /navigation_views': 390,
    'PATCH /navigation_views/{fragment:path}': 390,
    'DELETE /navigation_views/{fragment:path}': 390,
    'POST /mobile_push/e2ee/test_notification': 420,
  },
  parameters: {
    'PATCH /settings': viaPatchSettings,
    // The aliases take what PATCH /settings takes once they became its aliases (level 80).
    'PATCH /settings/display': viaPatchSettings,
    'PATCH /settings/notifications': viaPatchSettings,
    'PATCH /realm/user_settings_defaults': defaults,
    'PATCH /realm': { ...organisation, [SPECTATOR_ACCESS]: 109, ...Object.fromEntries(REPLACED_SETTINGS.map((s) => [s.param, { until: s.until }])) },
  },
  values: {
    'PATCH /settings': { web_channel_default_view: { 3: 383, 4: 401 }, desktop_icon_count_display: { 4: 227 } },
    'PATCH /realm/user_settings_defaults': { web_channel_default_view: { 3: 383, 4: 401 }, desktop_icon_count_display: { 4: 227 } },
  },
  fields: {
    // POST /register's user_settings (itself of level 89) and realm_user_settings_defaults (95).
    'user settings': personal,
    'realm user settings defaults': defaults,
    // The organisation settings POST /register shows (realm_<param>).
    'realm settings': levelsOf(
      ORGANISATION_SETTINGS,
      (s) => s.register,
      (s) => s.since,
    ),
  },
};
