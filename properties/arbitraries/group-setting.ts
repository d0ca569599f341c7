// Group-setting values and update objects (document: "Group-setting value"): a system group ID,
// an anonymous {direct_members, direct_subgroups} group, an update object {new, old?}, and
// malformed parameters (not JSON, a bare ID instead of an update object, no `new`, `new` of the
// wrong type). IDs come from the target: the property reads its system groups and accounts.
// Left out on purpose: values a lenient JSON reader may coerce to an ID (true, "5", 5.0).
import fc from 'fast-check';

export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

export interface GroupIds {
  /** System groups the setting accepts, by name (role:everyone, role:moderators, ...). */
  allowed: Record<string, number>;
  /** System groups the setting refuses (for can_mention_group: role:internet). */
  refused: Record<string, number>;
  users: number[];
}

export type SettingUpdate =
  | { kind: 'valid'; value: GroupSettingValue; withOld: boolean }
  | { kind: 'old-mismatch'; value: number; old: number }
  | { kind: 'refused'; group: string }
  | { kind: 'malformed'; raw: string };

export function groupSettingValue(ids: GroupIds): fc.Arbitrary<GroupSettingValue> {
  const groups = Object.values(ids.allowed);
  return fc.oneof(
    fc.constantFrom(...groups),
    fc.record({
      direct_members: fc.uniqueArray(fc.constantFrom(...ids.users), { maxLength: ids.users.length }),
      direct_subgroups: fc.uniqueArray(fc.constantFrom(...groups), { maxLength: 2 }),
    }),
  );
}

export function malformedUpdate(ids: GroupIds): fc.Arbitrary<string> {
  const id = fc.constantFrom(...Object.values(ids.allowed));
  return fc.oneof(
    fc.constantFrom('{"new": ', 'new=1', '{new: 1}'), // not JSON
    id.map(String), // a bare value, not an update object
    id.map((g) => JSON.stringify([{ new: g }])),
    id.map((g) => JSON.stringify({ old: g })), // no `new`
    fc.constant('{}'),
    fc
      .constantFrom<unknown>('moderators', null, 1.5, [], { direct_members: 'x', direct_subgroups: [] }, { direct_members: [] })
      .map((v) => JSON.stringify({ new: v })), // `new` of the wrong type
  );
}

export function settingUpdate(ids: GroupIds): fc.Arbitrary<SettingUpdate> {
  const id = fc.constantFrom(...Object.values(ids.allowed));
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ value: groupSettingValue(ids), withOld: fc.boolean() }).map((u): SettingUpdate => ({ kind: 'valid', ...u })) },
    { weight: 1, arbitrary: fc.tuple(id, id).map(([value, old]): SettingUpdate => ({ kind: 'old-mismatch', value, old })) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.keys(ids.refused)).map((group): SettingUpdate => ({ kind: 'refused', group })) },
    { weight: 2, arbitrary: malformedUpdate(ids).map((raw): SettingUpdate => ({ kind: 'malformed', raw })) },
  );
}
