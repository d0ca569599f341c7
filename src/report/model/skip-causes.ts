// Skips that come from the configuration, not from the target: a case that needs an account
// left out of the env file. A run with such skips did not test what it could have, so its
// verdict says INCOMPLETE and its feature level is not claimed past them. Other skips (a feature
// level above the target's, the reference server's seeded realm, an optional fixture the target
// has nothing for) are what the target is, and leave the run complete.
//
// The causes name the setting to add as their reader sets it: CONFORMANCE_MEMBER_EMAIL at a shell,
// the input member-email in the GitHub Action (src/common/audience.ts). Code that needs to know
// which accounts were missing reads `roles`, which is the same for both.
import { envSettingName, flagSettingName, type Env } from '../../common/audience.js';
import { accountEnv, ROLES, type Role } from '../../common/vocabulary.js';
import type { CaseStatus } from '../../engine/run/run-case.js';
import { plural } from './text-helpers.js';
import type { TargetGap } from './model.js';

// The reason src/engine/plan.ts gives: "needs the member account, not configured",
// "needs the member and guest accounts, not configured".
const MISSING_ACCOUNTS = /^needs the (.+) accounts?, not configured$/;

/** The roles whose accounts a skipped case lacked, or null when it was skipped for another cause. */
export function missingAccounts(c: { status: CaseStatus; message?: string }): Role[] | null {
  const m = c.status === 'skipped' ? MISSING_ACCOUNTS.exec(c.message ?? '') : null;
  if (!m) return null;
  const roles = m[1].split(' and ').filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return roles.length ? roles : null;
}

export interface ConfigurationSkip {
  /** "no member account (CONFORMANCE_MEMBER_EMAIL)"; in the action "no member account (input member-email)" */
  cause: string;
  /** The accounts missing, as the plan named them: ["member"] */
  roles: Role[];
  count: number;
}

/** "no member and guest accounts (CONFORMANCE_MEMBER_EMAIL, CONFORMANCE_GUEST_EMAIL)", the settings named for `env`'s reader. */
export function missingAccountsCause(roles: Role[], env: Env = process.env): string {
  return `no ${roles.join(' and ')} ${roles.length > 1 ? 'accounts' : 'account'} (${emailSettings(roles, env)})`;
}

const emailSettings = (roles: Role[], env: Env) => roles.map((r) => envSettingName(accountEnv(r).email, env)).join(', ');

/**
 * A skipped case's reason with, for a missing account, the setting to add: "needs the member
 * account, not configured (CONFORMANCE_MEMBER_EMAIL)", in the action "(input member-email)".
 */
export function skipReason(c: { status: CaseStatus; message?: string }, env: Env = process.env): string {
  const roles = missingAccounts(c);
  return roles ? `${c.message} (${emailSettings(roles, env)})` : (c.message ?? '');
}

/** The skips for missing accounts, grouped by the accounts missing, the most frequent first. */
export function configurationSkips(cases: { status: CaseStatus; message?: string }[], env: Env = process.env): ConfigurationSkip[] {
  const groups = new Map<string, ConfigurationSkip>();
  for (const c of cases) {
    const roles = missingAccounts(c);
    if (!roles) continue;
    const key = roles.join(' ');
    const group = groups.get(key) ?? { cause: missingAccountsCause(roles, env), roles, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause));
}

/** "279 skipped: no member account (CONFORMANCE_MEMBER_EMAIL)", one line per cause. */
export const skipLines = (skips: ConfigurationSkip[]) => skips.map((s) => `${s.count} skipped: ${s.cause}`);

/** "279 of 357 cases skipped for missing configuration" */
export function incompleteSentence(skips: ConfigurationSkip[], total: number): string {
  const skipped = skips.reduce((sum, s) => sum + s.count, 0);
  return `${skipped} of ${plural(total, 'case')} skipped for missing configuration`;
}

type Judged = { id: string; clauses: string[]; status: CaseStatus; message?: string; onTarget?: true };

/**
 * The clauses no case checked because the target does not have what their cases need (a
 * permission no read shows, data only the reference server seeds, an assumption that does not
 * hold), grouped by that cause, the largest group first. A clause some other case checked is not
 * listed; nor one skipped only for the run's configuration or filters.
 */
export function targetGaps(cases: Judged[]): TargetGap[] {
  const checked = new Set(cases.filter((c) => c.status !== 'skipped').flatMap((c) => c.clauses));
  const byCause = new Map<string, { clauses: Set<string>; cases: string[] }>();
  for (const c of cases) {
    // A case marked onTarget was skipped: its clauses no other case checked are the gap.
    const missed = c.onTarget ? c.clauses.filter((id) => !checked.has(id)) : [];
    if (!missed.length) continue;
    const cause = c.message ?? '';
    const gap = byCause.get(cause) ?? { clauses: new Set<string>(), cases: [] };
    missed.forEach((id) => gap.clauses.add(id));
    gap.cases.push(c.id);
    byCause.set(cause, gap);
  }
  return [...byCause]
    .map(([cause, gap]) => ({ cause, clauses: [...gap.clauses].sort(), cases: gap.cases.sort() }))
    .sort((a, b) => b.clauses.length - a.clauses.length || a.cause.localeCompare(b.cause));
}

/** "op21.bouncer-5xx, op21.endpoint: needs push devices ... (2 cases)", one line per cause. */
export const gapLines = (gaps: TargetGap[]) => gaps.map((g) => `${g.clauses.join(', ')}: ${g.cause} (${plural(g.cases.length, 'case')})`);

/** "9 clauses, for what the target lacks" (after "Not checked on this target:") */
export function gapSentence(gaps: TargetGap[]): string {
  return `${plural(new Set(gaps.flatMap((g) => g.clauses)).size, 'clause')}, for what the target lacks`;
}

/** Ends the verdict's reason when --fail-on-skip fails an incomplete run: "(--fail-on-skip)", in the action "(input fail-on-skip)". */
export const failOnSkipNote = (env: Env = process.env) => `(${flagSettingName('fail-on-skip', 'CONFORMANCE_FAIL_ON_SKIP', env)})`;

/**
 * Whether the verdict's reasons say --fail-on-skip failed the run: the reason starts with the
 * incomplete sentence, whichever audience's note ends it (a report may be read where it was not written).
 */
export function failedOnSkip(reasons: string[], skips: ConfigurationSkip[], total: number): boolean {
  const sentence = incompleteSentence(skips, total);
  return reasons.some((r) => r.startsWith(`${sentence} (`));
}
