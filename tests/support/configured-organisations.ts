// Organisations configured by their owner: each setting the API document leaves to the
// organisation (specs/organisation-settings.yaml) set through PATCH /realm to a value the
// document allows other than the reference server's default, one at a time. Used by
// tests/robustness/configured-organisation.test.ts (the cases needing each setting) and
// scripts/configured-organisations.ts (`npm run configured`: the whole suite against each).
import type { Suite } from '../../src/engine/load/load.js';
import type { Case } from '../../src/engine/load/types.js';
import { loadOrganisationSettings } from '../../src/engine/load/organisation-settings.js';
import { propertyFiles } from '../../src/property/files.js';
import type { PropertyCase } from '../../src/property/define.js';
import { planPropertyShape } from '../../src/runner/plan-property.js';

export interface ConfiguredOrganisation {
  what: string;
  /** What the owner sends to PATCH /realm. */
  realm: Record<string, string>;
  /** The settings of the catalog the value touches (a setting and the one it replaced). */
  family: string[];
  /** The setting POST /register shows it as (realm_<shown>), and the value it shows after the run. */
  shown: string;
  expected: unknown;
  /** Where the run is also made against a server keeping the setting: what the skip reasons say of it. */
  unchangeable?: RegExp;
  /** Only the profiles whose cases need it (default both). */
  profiles?: ('spec' | 'zulip')[];
}

/** role:nobody and role:everyone of the reference server (Zulip's system group ids). */
const NOBODY = 8;
const EVERYONE = 2;

export const CONFIGURED_ORGANISATIONS: ConfiguredOrganisation[] = [
  {
    what: 'edit history hidden',
    realm: { message_edit_history_visibility_policy: 'none' },
    family: ['message_edit_history_visibility_policy', 'allow_edit_history'],
    shown: 'message_edit_history_visibility_policy',
    expected: 'none',
    unchangeable: /^needs the organisation setting message_edit_history_visibility_policy "all"( or "moves")?; it is "none" here, /,
  },
  {
    what: 'edit history showing moves only',
    realm: { message_edit_history_visibility_policy: 'moves' },
    family: ['message_edit_history_visibility_policy', 'allow_edit_history'],
    shown: 'message_edit_history_visibility_policy',
    expected: 'moves',
  },
  {
    what: 'message editing off',
    realm: { allow_message_editing: 'false' },
    family: ['allow_message_editing'],
    shown: 'allow_message_editing',
    expected: false,
    unchangeable: /^needs the organisation setting allow_message_editing true; it is false here, /,
  },
  {
    what: 'content edits within 60 seconds',
    realm: { message_content_edit_limit_seconds: '60' },
    family: ['message_content_edit_limit_seconds'],
    shown: 'message_content_edit_limit_seconds',
    expected: 60,
  },
  {
    what: 'topic moves within 60 seconds',
    realm: { move_messages_within_stream_limit_seconds: '60' },
    family: ['move_messages_within_stream_limit_seconds'],
    shown: 'move_messages_within_stream_limit_seconds',
    expected: 60,
  },
  {
    what: 'channel moves within 60 seconds',
    realm: { move_messages_between_streams_limit_seconds: '60' },
    family: ['move_messages_between_streams_limit_seconds'],
    shown: 'move_messages_between_streams_limit_seconds',
    expected: 60,
  },
  {
    what: 'nobody moves topics',
    realm: { can_move_messages_between_topics_group: JSON.stringify({ new: NOBODY }) },
    family: ['can_move_messages_between_topics_group'],
    shown: 'can_move_messages_between_topics_group',
    expected: NOBODY,
  },
  {
    what: 'nobody moves messages between channels',
    realm: { can_move_messages_between_channels_group: JSON.stringify({ new: NOBODY }) },
    family: ['can_move_messages_between_channels_group'],
    shown: 'can_move_messages_between_channels_group',
    expected: NOBODY,
  },
  {
    what: 'nobody resolves topics',
    realm: { can_resolve_topics_group: JSON.stringify({ new: NOBODY }) },
    family: ['can_resolve_topics_group'],
    shown: 'can_resolve_topics_group',
    expected: NOBODY,
  },
  {
    what: 'everyone may mention many users',
    realm: { can_mention_many_users_group: JSON.stringify({ new: EVERYONE }) },
    family: ['can_mention_many_users_group'],
    shown: 'can_mention_many_users_group',
    expected: EVERYONE,
    // Rules 9 and 10 are checked under zulip only: the document does not say how many is many.
    profiles: ['zulip'],
  },
  {
    what: 'the empty topic disabled',
    realm: { topics_policy: 'disable_empty_topic' },
    family: ['topics_policy', 'mandatory_topics'],
    shown: 'topics_policy',
    expected: 'disable_empty_topic',
  },
];

/** Every setting of the catalog is configured by some organisation above. */
export const uncovered = (): string[] =>
  loadOrganisationSettings()
    .map((s) => s.name)
    .filter((name) => !CONFIGURED_ORGANISATIONS.some((o) => o.family.includes(name)));

const touches = (c: Pick<Case, 'settingNeeds' | 'settingChanges'>, family: string[]) =>
  (c.settingNeeds ?? []).some((n) => family.includes(n.setting) || (n.before && family.includes(n.before.setting))) ||
  (c.settingChanges ?? []).some((name) => family.includes(name));

/** The cases, and the properties (by their `needs`), that depend on a setting of the family. */
export async function neededBy(suite: Suite, family: string[]): Promise<{ cases: string[]; properties: string[] }> {
  const cases = suite.specs.flatMap((spec) => spec.cases.filter((c) => touches(c, family)).map((c) => c.id));
  const modules = await Promise.all(propertyFiles().map((file) => import(file) as Promise<{ PROPERTY: PropertyCase<unknown, unknown> }>));
  const properties = modules
    .map((m) => planPropertyShape(m.PROPERTY).c)
    .filter((c) => touches(c, family))
    .map((c) => c.id);
  return { cases, properties };
}
