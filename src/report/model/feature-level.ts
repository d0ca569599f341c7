// The target's effective feature level: the highest level L such that every case of level <= L
// passed (a case without `since` is level 0). A skip that comes from the target (a newer level, no
// seeded realm) neither proves nor breaks a level; a skip for a missing account leaves its level
// unproven, so the run does not claim it (skip-causes.ts).
import type { CaseStatus } from '../../engine/run/run-case.js';
import type { Target } from './model.js';
import { missingAccounts } from './skip-causes.js';

type LevelCase = { since?: number; status: CaseStatus; message?: string };
const broken = (c: LevelCase) => c.status === 'failed' || c.status === 'errored';
const lowestLevel = (cases: LevelCase[]) => (cases.length ? Math.min(...cases.map((c) => c.since ?? 0)) : Infinity);

export function conformsThrough(cases: LevelCase[], judgedLevel: number): number | null {
  const lowest = Math.min(lowestLevel(cases.filter(broken)), lowestLevel(cases.filter((c) => missingAccounts(c))));
  if (lowest === Infinity) return judgedLevel;
  return lowest === 0 ? null : Math.min(lowest - 1, judgedLevel);
}

/** The level whose cases were skipped for missing accounts, when that (not a failure) limits conformsThrough. */
export function unjudgedFrom(cases: LevelCase[], judgedLevel: number): number | undefined {
  const skipped = lowestLevel(cases.filter((c) => missingAccounts(c)));
  return skipped <= judgedLevel && skipped < lowestLevel(cases.filter(broken)) ? skipped : undefined;
}

/** "claims 420, conforms through 389", the sentence every report prints. */
export function levelSentence(target: Target): string {
  const claimed = target.claimedFeatureLevel === null ? 'claims no level' : `claims ${target.claimedFeatureLevel}`;
  const judged = target.claimedFeatureLevel === target.featureLevel ? '' : `, judged as ${target.featureLevel}`;
  return `${claimed}${judged}${throughClause(target)}`;
}

function throughClause(target: Target): string {
  if (target.conformsThrough === undefined) return '';
  if (target.notClaimed) return `, no conformance level claimed (${target.notClaimed})`;
  if (target.unjudgedFrom !== undefined) {
    return target.conformsThrough === null
      ? ', conformance level not established (cases without a feature level were skipped for missing configuration)'
      : `, conforms through ${target.conformsThrough} (cases of level ${target.unjudgedFrom} were skipped for missing configuration)`;
  }
  return target.conformsThrough === null ? ', conforms through no level (cases without a feature level fail)' : `, conforms through ${target.conformsThrough}`;
}

/** Cases of level 0 are shown as "base". */
export const levelLabel = (level: number) => (level === 0 ? 'base' : String(level));
