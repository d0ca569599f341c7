// The words every part of the suite shares: the accounts' roles, the profiles, an account, a
// shard, the newest feature level the suite knows, and the error of a user's mistake. The CLI's
// keys (config/config.ts) are built on these; nothing here reads a file or the environment.

/** The accounts a run uses; `bot` (a generic bot, for the bot-only parameters) is optional like the rest. */
export const ROLES = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest', 'bot'] as const;
export type Role = (typeof ROLES)[number];

/** The role code each account must have (Zulip's: 100 owner ... 600 guest); the bot account is checked for is_bot instead. */
export const ROLE_CODES: Record<Exclude<Role, 'bot'>, number> = { owner: 100, admin: 200, moderator: 300, member: 400, member2: 400, guest: 600 };
/** What each role code is called. */
export const ROLE_NAMES: Record<number, string> = { 100: 'owner', 200: 'administrator', 300: 'moderator', 400: 'member', 600: 'guest' };

/** `spec`: only what the API document states; `zulip`: also the Zulip server where it is silent. */
export const PROFILES = ['spec', 'zulip'] as const;
export type Profile = (typeof PROFILES)[number];

export interface Account {
  email: string;
  apiKey: string;
}

/** One part of a run split over machines: `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** The newest feature level the API document describes; a target claiming more is judged as this. */
export const NEWEST_FEATURE_LEVEL = 420;

/** The reason a case the run planned but did not start is reported with (the run was stopped). */
export const NOT_STARTED = 'the run was interrupted before this case started';
/** ... and one that had started but was still running when the run stopped waiting for it. */
export const CUT_SHORT = 'the run was interrupted before this case ended';

/**
 * The level a run judges: --feature-level, else the level the target claims, else the newest the
 * API document describes; never above that newest one (the document says nothing of later levels).
 */
export const levelToJudge = (requested: number | null, claimed: number | null): number =>
  Math.min(requested ?? claimed ?? NEWEST_FEATURE_LEVEL, NEWEST_FEATURE_LEVEL);

/** A mistake of the user (usage, configuration, a file they gave): one line and exit 2. */
export class ConfigError extends Error {}

/**
 * The pools of extra accounts, over which the run spreads work that needs an account of a role,
 * whichever (a server's rate limit counts each account apart): more plain members beyond member
 * and member2, more administrators, more owners. Each is configured as a list of `email:api_key`,
 * one per line or comma-separated, and labelled in reports, logs and the redacted records:
 * `extra<N>` for a member, `extra-admin<N>`, `extra-owner<N>` (1-based).
 */
export const POOLS = ['member', 'admin', 'owner'] as const;
export type Pool = (typeof POOLS)[number];

/** The variable listing each pool's accounts. */
export const EXTRA_ENV: Record<Pool, string> = {
  member: 'CONFORMANCE_EXTRA_MEMBERS',
  admin: 'CONFORMANCE_EXTRA_ADMINS',
  owner: 'CONFORMANCE_EXTRA_OWNERS',
};

/** The role code every account of a pool has. */
export const POOL_ROLE_CODE: Record<Pool, number> = { member: ROLE_CODES.member, admin: ROLE_CODES.admin, owner: ROLE_CODES.owner };

/** What one account of a pool is called in messages. */
export const POOL_NOUN: Record<Pool, string> = { member: 'extra member', admin: 'extra administrator', owner: 'extra owner' };

/** Each pool's accounts, as configured. */
export type ExtraAccounts<A = Account> = Record<Pool, A[]>;

/** Extra accounts, each knowing its pool, as each pool's list. */
export const extrasByPool = <A extends { pool: Pool }>(extras: readonly A[]): ExtraAccounts<A> =>
  Object.fromEntries(POOLS.map((pool) => [pool, extras.filter((e) => e.pool === pool)])) as ExtraAccounts<A>;

/** An extra account the preflight checked: its pool, its user id, and its label in reports. */
export type ExtraAccount = Account & { userId: number; label: string; pool: Pool };

/** The label of the i-th (0-based) account of a pool: extra1, extra-admin1, extra-owner1, ... */
export const extraLabel = (pool: Pool, i: number) => (pool === 'member' ? `extra${i + 1}` : `extra-${pool}${i + 1}`);

/** The run's accounts by the label a ledger names them with: the roles', then the extra accounts' (extra1, extra-admin1...). */
export function accountsByLabel<A extends Account>(
  accounts: Partial<Record<Role, A>>,
  extras: Partial<Record<Pool, readonly A[]>> = {},
): Partial<Record<string, A>> {
  const labelled = POOLS.flatMap((pool) => (extras[pool] ?? []).map((a, i) => [extraLabel(pool, i), a] as const));
  return { ...accounts, ...Object.fromEntries(labelled) };
}

/** The environment variables of a role's account. */
export const accountEnv = (role: Role) => ({
  email: `CONFORMANCE_${role.toUpperCase()}_EMAIL`,
  apiKey: `CONFORMANCE_${role.toUpperCase()}_API_KEY`,
});
