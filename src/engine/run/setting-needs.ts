// What a case needs of an organisation setting, judged against the value POST /register shows:
// whether it holds, the value PATCH /realm takes to make it hold, and how both read in a skip
// reason. Pure: the run's reads and changes are runner/organisation-settings.ts.
import type { SettingNeed, SettingValue } from '../load/types.js';

/** Group ids and names, as GET /user_groups shows them (only group needs use them). */
export interface GroupNames {
  nameOf(id: number): string | undefined;
  idOf(name: string): number | undefined;
}

/**
 * The need at the feature level judged: the setting itself, the one it replaced (`before`), or
 * null where the level has neither (an organisation there cannot choose it).
 */
export function needAt(need: SettingNeed, level: number): SettingNeed | null {
  if ((need.since === undefined || level >= need.since) && (need.until === undefined || level <= need.until)) return need;
  return need.before ? needAt(need.before, level) : null;
}

/** A time limit as POST /register shows it: null (before feature level 138: 0) is no limit. */
const noLimit = (value: unknown) => value === null || value === 0;

/** The system group a group-setting value stands for: a group id, or an object naming only that group. */
function groupOf(value: unknown, groups: GroupNames): string | undefined {
  if (typeof value === 'number') return groups.nameOf(value);
  const object = value as { direct_members?: unknown[]; direct_subgroups?: unknown[] } | null;
  if (object?.direct_members?.length === 0 && object.direct_subgroups?.length === 1 && typeof object.direct_subgroups[0] === 'number')
    return groups.nameOf(object.direct_subgroups[0]);
  return undefined;
}

/** Whether the value read meets the need. */
export function meets(need: SettingNeed, value: unknown, groups: GroupNames): boolean {
  if (need.atLeast !== undefined) return noLimit(value) || (typeof value === 'number' && value >= need.atLeast);
  if (need.type === 'group') {
    const name = groupOf(value, groups);
    return name !== undefined && need.accept!.includes(name);
  }
  return need.accept!.includes(value as SettingValue);
}

/** What PATCH /realm takes to make the need hold; undefined for a group the target does not have. */
export function valueToSet(need: SettingNeed, groups: GroupNames): unknown {
  if (need.atLeast !== undefined) return need.atLeast;
  if (need.type !== 'group') return need.accept![0];
  const id = groups.idOf(String(need.accept![0]));
  return id === undefined ? undefined : { new: id };
}

/** What PATCH /realm takes to put a value read back. */
export function restoringValue(need: SettingNeed, value: unknown): unknown {
  if (need.type === 'group') return { new: value };
  if (need.type === 'time-limit' && value === null) return 'unlimited';
  return value;
}

/** "true", "none or at least 600 seconds", "role:members or role:everyone" */
export function describeNeed(need: SettingNeed): string {
  if (need.atLeast !== undefined) return `no limit or at least ${need.atLeast} seconds`;
  return need.accept!.map((v) => JSON.stringify(v)).join(' or ');
}

/** A value read, for a message: `"none"`, `no limit`, `role:nobody (group 8)`. */
export function describeValue(need: SettingNeed, value: unknown, groups: GroupNames): string {
  if (value === undefined) return 'not shown';
  if (need.type === 'time-limit' && noLimit(value)) return 'no limit';
  if (need.type === 'group') {
    const name = groupOf(value, groups);
    return name ? `${name} (${JSON.stringify(value)})` : JSON.stringify(value);
  }
  return JSON.stringify(value);
}
