// The accounts `setup` makes for a run, as data: each with the name its address and full name
// carry, what it is on the target (a user of a role, or a generic bot) and the env file's keys
// for it. A later change asks for more accounts of a pool (ExtraAccountsPlan) without touching the steps.
import { createHmac } from 'node:crypto';
import { accountEnv, EXTRA_ENV, POOL_ROLE_CODE, POOLS, ROLE_CODES, type Pool, type Role } from '../../common/vocabulary.js';

/** A user of a role (Zulip's role codes: 200 administrator ... 600 guest), or a generic bot. */
export type AccountKind = { user: number } | { bot: true };

export interface PlannedAccount {
  /** What the account is called in its address and full name, and in setup's output. */
  name: string;
  kind: AccountKind;
  /** The env file's keys for its address and API key. */
  env: { email: string; apiKey: string };
}

/** The roles a run uses besides the owner, whose account setup is given. */
const MADE_ROLES = ['admin', 'moderator', 'member', 'member2', 'guest'] as const satisfies readonly Exclude<Role, 'owner' | 'bot'>[];

/** More accounts of a pool than the roles need, and the env file's keys for the n-th (1-based). */
export interface ExtraAccountsPlan {
  count: number;
  env: (n: number) => { email: string; apiKey: string };
}

/**
 * The extra accounts of a pool a run reads, all in one line (CONFORMANCE_EXTRA_MEMBERS=email:key,...,
 * or _ADMINS, _OWNERS): the n-th is named by keys of its own here (never written as such), which
 * setup gathers into that line.
 */
export const RUN_EXTRAS = (pool: Pool, count: number): ExtraAccountsPlan => ({
  count,
  env: (n) => ({ email: `${EXTRA_ENV[pool]}[${n}].email`, apiKey: `${EXTRA_ENV[pool]}[${n}].apiKey` }),
});

/**
 * Every account setup makes: one per role, then the bot, then the extra accounts of each pool
 * (`member-extra-1`..., `admin-extra-1`..., `owner-extra-1`...).
 */
export function plannedAccounts(extras: Partial<Record<Pool, ExtraAccountsPlan>> = {}): PlannedAccount[] {
  return [
    ...MADE_ROLES.map((role) => ({ name: role, kind: { user: ROLE_CODES[role] }, env: accountEnv(role) })),
    { name: 'bot', kind: { bot: true as const }, env: accountEnv('bot') },
    ...POOLS.flatMap((pool) =>
      Array.from({ length: extras[pool]?.count ?? 0 }, (_, i) => ({
        name: `${pool}-extra-${i + 1}`,
        kind: { user: POOL_ROLE_CODE[pool] },
        env: extras[pool]!.env(i + 1),
      })),
    ),
  ];
}

/** The default address of a made account: the owner's, plus-addressed (`owner+conformance-admin@example.com`). */
export const DEFAULT_EMAIL_TEMPLATE = '{owner-local}+conformance-{name}@{owner-domain}';

/** An account's address from a template: `{name}`, `{owner-local}` and `{owner-domain}` are filled in. */
export function emailFor(template: string, name: string, ownerEmail: string): string {
  const at = ownerEmail.lastIndexOf('@');
  return template
    .replaceAll('{name}', name)
    .replaceAll('{owner-local}', ownerEmail.slice(0, at))
    .replaceAll('{owner-domain}', ownerEmail.slice(at + 1))
    .toLowerCase();
}

/** A template must name each account apart, so it holds `{name}`, and give an address. */
export function templateProblem(template: string): string | null {
  if (!template.includes('{name}')) return 'holds no {name}: every account needs an address of its own';
  if (!/^[^@\s]+@[^@\s]+$/.test(template)) return 'is not an address with one @ (e.g. "ci+{name}@example.com")';
  return null;
}

/** A made user's full name; the bot's is its own (names of active bots must be unique on Zulip). */
export const fullNameFor = (name: string) => `teamchat-conformance ${name}`;

/** The bot's short name: Zulip makes its address `<short name>-bot@<the organisation's bot domain>`. */
export const BOT_SHORT_NAME = 'teamchat-conformance';

/**
 * The password setup gives an account it makes, and signs in with to fetch its key again on a
 * later setup: derived from the owner's API key and the address, so only who holds the owner's
 * key can derive it, and nothing needs keeping between runs.
 */
export function passwordFor(ownerApiKey: string, email: string): string {
  return createHmac('sha256', ownerApiKey).update(`teamchat-conformance setup\0${email}`).digest('base64url');
}
