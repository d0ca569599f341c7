// The system groups every realm starts with, by name, and their ids: Zulip's small ones, or the
// variant realm's (flavor.ts: "user and group ids unlike Zulip's"). The two numberings share no
// id, so an id names its system group whichever realm it comes from: the checks that ask "is
// this role:members?" need no realm, only the ones that pick a group by its name do.
export const SYSTEM_GROUP_NAMES = [
  'role:internet',
  'role:everyone',
  'role:members',
  'role:fullmembers',
  'role:moderators',
  'role:administrators',
  'role:owners',
  'role:nobody',
] as const;

export type SystemGroupName = (typeof SYSTEM_GROUP_NAMES)[number];
export type SystemGroupIds = Readonly<Record<SystemGroupName, number>>;

export const ZULIP_SYSTEM_GROUPS: SystemGroupIds = {
  'role:internet': 1,
  'role:everyone': 2,
  'role:members': 3,
  'role:fullmembers': 4,
  'role:moderators': 5,
  'role:administrators': 6,
  'role:owners': 7,
  'role:nobody': 8,
};

// Large, spread out, in another order than Zulip's, and apart from every other id the variant hands out.
export const VARIANT_SYSTEM_GROUPS: SystemGroupIds = {
  'role:nobody': 900_017,
  'role:owners': 900_054,
  'role:administrators': 900_091,
  'role:moderators': 900_128,
  'role:fullmembers': 900_165,
  'role:members': 900_202,
  'role:everyone': 900_239,
  'role:internet': 900_276,
};

const BY_ID = new Map<unknown, SystemGroupName>(
  [ZULIP_SYSTEM_GROUPS, VARIANT_SYSTEM_GROUPS].flatMap((ids) => SYSTEM_GROUP_NAMES.map((name) => [ids[name], name] as const)),
);

/** The system group an id stands for, in either numbering; undefined for any other group. */
export function systemGroupName(id: unknown): SystemGroupName | undefined {
  return BY_ID.get(id);
}
